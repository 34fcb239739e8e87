import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { clickAtRest, clickInSubmenu } from '../support/menus.ts';
import { buttonName, fill, MESSAGES } from '../support/messages.ts';
import { dialogWith, signIn, submitSignIn } from '../support/sign-in.ts';

const m = MESSAGES['en-US'];

test.use({ permissions: ['clipboard-read', 'clipboard-write'], actionTimeout: 15_000 });

/** Opens the user menu (its button is named after the user) and, for a submenu, hovers its parent. */
async function openUserMenu(page: Page, email: string) {
  await page.getByRole('button', { name: new RegExp(email.split('@')[0]!) }).click();
}

/** The current team of a signed-in browser, asked of the server with that browser's own token. */
async function currentTeamOf(context: BrowserContext, request: APIRequestContext) {
  const token = (await context.cookies()).find((cookie) => cookie.name === 'token')?.value;
  const response = await request.get('/api/user/account', { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()).data.current_team as {
    name: string;
    team_type: number;
    team_roles: string[];
  };
}

test('a team from creation to dissolution: invite, approve, departments, admin, transfer', async ({
  page: ownerPage,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await registerAccount(request);
  const member = await registerAccount(request);
  const teamName = `Acme ${randomBytes(3).toString('hex')}`;
  const memberName = 'Grace Member';

  // The owner creates the team and lands in it.
  await signIn(ownerPage, owner.email);
  await openUserMenu(ownerPage, owner.email);
  await clickInSubmenu(ownerPage, m.user_menu.create_or_join_team, m.user_menu.create_team);
  const create = dialogWith(ownerPage, m.team.create_lead);
  await create.getByRole('textbox', { name: m.team.name }).fill(teamName);
  await create.getByRole('combobox', { name: m.team.industry }).click();
  await ownerPage
    .getByRole('menuitemcheckbox')
    .and(ownerPage.getByTitle(m.industry.it, { exact: true }))
    .click();
  await ownerPage
    .getByRole('menuitemcheckbox')
    .and(ownerPage.getByTitle(m.industry.it__software, { exact: true }))
    .click();
  await create.getByRole('combobox', { name: m.team.size }).click();
  await ownerPage.getByTitle(fill(m.team.size_people, { band: '11~50' })).click();
  // The creator is switched to the new team: the app starts again at the root.
  const created = ownerPage.waitForEvent('load');
  await create.getByRole('button', { name: m.team.create_submit }).click();
  await created;
  await expect(ownerPage).toHaveURL(/\/dashboard$/);
  await openUserMenu(ownerPage, owner.email);
  await expect(ownerPage.getByText(fill(m.user_menu.current_team, { name: teamName }))).toBeVisible();
  await ownerPage.keyboard.press('Escape');

  // Joining needs approval.
  await ownerPage.goto('/org-admin/index');
  const approval = ownerPage.getByRole('switch', { name: m.org_admin.approval_label });
  await expect(approval).not.toBeChecked();
  await approval.click();
  await expect(ownerPage.getByText(m.org_admin.approval_on)).toBeVisible();
  await expect(approval).toBeChecked();

  // The owner copies the invitation link.
  await ownerPage.goto('/dashboard');
  await openUserMenu(ownerPage, owner.email);
  await clickAtRest(ownerPage.getByText(m.user_menu.team_invitation, { exact: true }));
  const invitation = dialogWith(ownerPage, fill(m.team.invite_title_named, { name: teamName }));
  await expect(invitation.locator('canvas')).toBeVisible();
  await invitation.getByRole('tab', { name: m.team.invite_tab_link }).click();
  await invitation.getByRole('button', { name: new RegExp(m.team.invite_copy_link) }).click();
  await expect(ownerPage.getByText(m.team.invite_link_copied)).toBeVisible();
  const link = await ownerPage.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/join-team\/[A-Z0-9]{8}$/);
  await expect(invitation.getByRole('textbox', { name: m.team.invite_link })).toHaveValue(link);
  await invitation.getByRole('button', { name: 'Close' }).click();

  // The second user opens the link, signs in on the way, and asks to join.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto(link);
  await expect(memberPage.getByRole('heading', { name: teamName })).toBeVisible();
  await memberPage.getByRole('button', { name: m.join_team.sign_in_to_join }).click();
  await expect(memberPage).toHaveURL(/\/login\?redirect=%2Fjoin-team%2F/);
  await submitSignIn(memberPage, member.email);
  await expect(memberPage).toHaveURL(new URL(link).pathname);
  await expect(memberPage.getByText(m.join_team.approval_needed)).toBeVisible();
  await memberPage.getByRole('button', { name: m.join_team.apply }).click();
  await expect(memberPage.getByText(m.join_team.agree_required)).toBeVisible();
  await memberPage.getByRole('textbox', { name: m.join_team.real_name }).fill(memberName);
  await memberPage.getByRole('checkbox').check();
  await memberPage.getByRole('button', { name: m.join_team.apply }).click();
  await expect(memberPage.getByText(m.join_team.pending_title)).toBeVisible();
  expect((await currentTeamOf(memberContext, request)).team_type).toBeGreaterThan(0);

  // The owner approves the request in the back office.
  await ownerPage.goto('/org-admin/member-approve');
  await expect(
    ownerPage.getByRole('button', { name: new RegExp(m.org_admin.approve_selected) }),
  ).toBeDisabled();
  await ownerPage.getByRole('button', { name: fill(m.org_admin.approve_one, { name: memberName }) }).click();
  await expect(
    ownerPage.getByText(fill(m.org_admin.outcome.approved_named, { name: memberName })),
  ).toBeVisible();
  await expect(ownerPage.getByText(m.org_admin.applicants_empty)).toBeVisible();

  // A two-level department tree: Engineering, and Platform under it.
  await ownerPage.goto('/org-admin/member-department');
  const departments = ownerPage.getByRole('complementary', { name: m.org_admin.departments });
  await expect(departments.getByText(m.org_admin.departments_empty)).toBeVisible();
  await departments.getByRole('button', { name: new RegExp(m.org_admin.department_add) }).click();
  const addTop = dialogWith(ownerPage, m.org_admin.department_add_top);
  await addTop.getByRole('textbox', { name: m.org_admin.department_name }).fill('Engineering');
  await addTop.getByRole('button', { name: buttonName(m.org_admin.department_create) }).click();
  await expect(
    ownerPage.getByText(fill(m.org_admin.department_created, { name: 'Engineering' })),
  ).toBeVisible();
  await departments
    .getByRole('button', { name: fill(m.org_admin.department_actions, { name: 'Engineering' }) })
    .click();
  await clickAtRest(ownerPage.getByRole('menuitem', { name: new RegExp(m.org_admin.department_add_child) }));
  const addChild = dialogWith(ownerPage, fill(m.org_admin.department_add_child_of, { name: 'Engineering' }));
  await addChild.getByRole('textbox', { name: m.org_admin.department_name }).fill('Platform');
  await addChild.getByRole('button', { name: buttonName(m.org_admin.department_create) }).click();
  await expect(departments.getByText('Platform', { exact: true })).toBeVisible();
  // The top department cannot move up.
  await departments
    .getByRole('button', { name: fill(m.org_admin.department_actions, { name: 'Engineering' }) })
    .click();
  await clickAtRest(ownerPage.getByRole('menuitem', { name: new RegExp(m.org_admin.department_move_up) }));
  await expect(ownerPage.getByText(m.error.department_move_blocked)).toBeVisible();

  // The new member moves into Platform.
  const members = ownerPage.getByRole('region', {
    name: fill(m.org_admin.members_of, { name: m.org_admin.all_members }),
  });
  const memberRow = members.getByRole('row').filter({ hasText: memberName });
  await memberRow
    .getByRole('checkbox', { name: fill(m.org_admin.select_member, { name: memberName }) })
    .check();
  await members.getByRole('button', { name: new RegExp(m.org_admin.move_to_department) }).click();
  const move = dialogWith(ownerPage, fill(m.org_admin.move_title, { count: 1 }));
  await move.getByRole('combobox', { name: m.org_admin.move_target }).click();
  await ownerPage.locator('.ant-select-tree').getByTitle('Platform', { exact: true }).click();
  await move.getByRole('button', { name: m.org_admin.move_confirm }).click();
  await expect(
    ownerPage.getByText(fill(m.org_admin.outcome.moved_named, { name: memberName, department: 'Platform' })),
  ).toBeVisible();
  await expect(memberRow).toContainText('Platform');
  await departments.getByText('Platform', { exact: true }).click();
  const platform = ownerPage.getByRole('region', {
    name: fill(m.org_admin.members_of, { name: 'Engineering / Platform' }),
  });
  await expect(platform.getByRole('row').filter({ hasText: memberName })).toBeVisible();

  // The member becomes an admin.
  await platform
    .getByRole('button', { name: fill(m.org_admin.member_actions, { name: memberName }) })
    .click();
  await clickAtRest(ownerPage.getByRole('menuitem', { name: new RegExp(m.org_admin.make_admin) }));
  const makeAdmin = dialogWith(ownerPage, fill(m.org_admin.make_admin_title, { name: memberName }));
  await makeAdmin.getByRole('button', { name: m.org_admin.make_admin }).click();
  await expect(ownerPage.getByText(fill(m.org_admin.admin_made, { name: memberName }))).toBeVisible();
  await expect(platform.getByRole('row').filter({ hasText: memberName })).toContainText(m.org_admin.admin);

  // The owner hands the team over.
  await ownerPage.goto('/org-admin/index');
  const ownership = ownerPage.getByRole('region', { name: m.org_admin.ownership });
  await ownership.getByRole('button', { name: new RegExp(`${m.org_admin.transfer}$`) }).click();
  const transfer = dialogWith(ownerPage, m.org_admin.transfer_body);
  await transfer.getByRole('combobox', { name: m.org_admin.new_owner }).click();
  await ownerPage.locator('.member-option').filter({ hasText: memberName }).click();
  await transfer.getByRole('button', { name: m.org_admin.transfer_next }).click();
  const confirmTransfer = dialogWith(
    ownerPage,
    fill(m.org_admin.transfer_confirm_title, { name: memberName }),
  );
  await confirmTransfer.getByRole('button', { name: m.org_admin.transfer_confirm }).click();
  await expect(ownerPage.getByText(fill(m.org_admin.transferred, { name: memberName }))).toBeVisible();
  await expect(ownership.getByText(m.org_admin.owner_only)).toBeVisible();
  expect((await currentTeamOf(ownerPage.context(), request)).team_roles).toEqual([
    'team_admin',
    'team_manage',
  ]);

  // The new owner switches to the team and dissolves it.
  await memberPage.goto('/dashboard');
  await openUserMenu(memberPage, member.email);
  // Switching starts the app again at the root.
  const reloaded = memberPage.waitForEvent('load');
  await clickInSubmenu(memberPage, m.team.switch, memberPage.getByRole('menuitem', { name: teamName }));
  await reloaded;
  await expect(memberPage).toHaveURL(/\/dashboard$/);
  expect((await currentTeamOf(memberContext, request)).name).toBe(teamName);
  await memberPage.goto('/org-admin/index');
  await memberPage
    .getByRole('region', { name: m.org_admin.ownership })
    .getByRole('button', { name: new RegExp(m.org_admin.dissolve) })
    .click();
  const dissolve = dialogWith(memberPage, fill(m.org_admin.dissolve_title, { name: teamName }));
  const confirmDissolve = dissolve.getByRole('button', { name: m.org_admin.dissolve_confirm });
  await expect(confirmDissolve).toBeDisabled();
  await dissolve
    .getByRole('textbox', { name: fill(m.org_admin.dissolve_type, { word: 'DELETE' }) })
    .fill('DELETE');
  await confirmDissolve.click();
  await expect(memberPage).toHaveURL(/\/dashboard$/);

  // Both end in their personal teams.
  expect((await currentTeamOf(memberContext, request)).team_type).toBeGreaterThan(0);
  expect((await currentTeamOf(ownerPage.context(), request)).team_type).toBeGreaterThan(0);
  await ownerPage.goto('/org-admin/index');
  await expect(ownerPage.getByText(m.error.no_management_permission)).toBeVisible();
  await memberContext.close();
});
