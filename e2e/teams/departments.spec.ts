import { expect, test } from '@playwright/test';
import { PASSWORD, registerAccount } from '../support/accounts.ts';
import { call } from '../support/api-calls.ts';
import { clickAtRest } from '../support/menus.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { dialogWith, signIn } from '../support/sign-in.ts';
import { apiToken, teamOfTwo } from '../support/teams.ts';

const m = MESSAGES['en-US'];

test.use({ actionTimeout: 15_000 });

test('a manager arranges departments at once, moves one under another and reads one department’s members', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerAccount(request);
  const member = await registerAccount(request);
  const ownerToken = await apiToken(request, owner.email, PASSWORD);
  const memberToken = await apiToken(request, member.email, PASSWORD);
  await teamOfTwo(request, ownerToken, memberToken);
  const add = async (name: string, parent_id: number | null = null) =>
    (
      await call<{ id: number }>(request, ownerToken, 'POST', '/api/team/create-department', {
        name,
        parent_id,
      })
    ).id;
  await add('Sales');
  await add('Support');
  const research = await add('Research');
  const memberId = (await call<{ id: number }>(request, memberToken, 'GET', '/api/user/account')).id;
  await call(request, ownerToken, 'POST', '/api/team/change-member-department', {
    user_ids: [memberId],
    department_id: research,
  });

  await signIn(page, owner.email);
  await page.goto('/org-admin/member-department');
  const departments = page.getByRole('complementary', { name: m.org_admin.departments });
  const shownOrder = () =>
    departments
      .locator('.department-node:not(.department-node--special) .department-node__name')
      .allTextContents();
  await expect.poll(shownOrder).toEqual(['Sales', 'Support', 'Research']);

  // One arrangement: Research first, Support renamed; saved together.
  await departments.getByRole('button', { name: new RegExp(m.org_admin.departments_arrange) }).click();
  const arrange = dialogWith(page, m.org_admin.departments_arrange_lead);
  await arrange
    .getByRole('button', { name: fill(m.org_admin.department_move_up_named, { name: 'Research' }) })
    .click();
  await arrange
    .getByRole('button', { name: fill(m.org_admin.department_move_up_named, { name: 'Research' }) })
    .click();
  await arrange
    .getByRole('textbox', { name: fill(m.org_admin.department_name_of, { name: 'Support' }) })
    .fill('Customer care');
  await arrange.getByRole('button', { name: m.common.save }).click();
  await expect(page.getByText(m.org_admin.departments_arranged)).toBeVisible();
  await expect.poll(shownOrder).toEqual(['Research', 'Sales', 'Customer care']);

  // Sales moves under Research; its own sub-tree is never offered as its parent.
  await departments
    .getByRole('button', { name: fill(m.org_admin.department_actions, { name: 'Sales' }) })
    .click();
  await clickAtRest(page.getByRole('menuitem', { name: new RegExp(m.org_admin.department_change_parent) }));
  const move = dialogWith(page, fill(m.org_admin.department_parent_title, { name: 'Sales' }));
  await move.getByRole('combobox', { name: m.org_admin.department_parent }).click();
  await page.locator('.ant-select-tree').getByTitle('Research', { exact: true }).click();
  await move.getByRole('button', { name: m.common.save }).click();
  await expect(page.getByText(m.org_admin.department_saved)).toBeVisible();
  await expect(
    departments.getByRole('treeitem').filter({ hasText: 'Sales' }).locator('.ant-tree-indent-unit'),
  ).toHaveCount(1);

  // Research lists its own member only.
  await departments.getByText('Research', { exact: true }).click();
  const researchMembers = page.getByRole('region', {
    name: fill(m.org_admin.members_of, { name: 'Research' }),
  });
  await expect(researchMembers.getByRole('row').filter({ hasText: 'Grace Viewer' })).toBeVisible();
  await expect(researchMembers.getByRole('row')).toHaveCount(2);
});
