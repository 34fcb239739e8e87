import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, registerAccount } from '../support/accounts.ts';
import { clickAtRest } from '../support/menus.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { dialogWith, signIn } from '../support/sign-in.ts';

const m = MESSAGES['en-US'];

test.use({ actionTimeout: 15_000 });

/** Calls the API as the given account, through the product's own sign-in. */
async function apiAs(request: APIRequestContext, email: string) {
  const login = await request.post('/api/user/login', { data: { user_name: email, password: PASSWORD } });
  const token = (await login.json()).data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async (path: string) => (await (await request.get(path, { headers })).json()).data,
    post: async (path: string, data: unknown) => {
      const body = await (await request.post(path, { headers, data })).json();
      if (body.code !== 0) throw new Error(`${path}: ${JSON.stringify(body)}`);
      return body.data;
    },
  };
}

test('a removed member waits among the leaving members and can be restored; members leave, owners transfer first', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerAccount(request);
  const member = await registerAccount(request);
  const ownerApi = await apiAs(request, owner.email);
  const memberApi = await apiAs(request, member.email);
  const teamName = `Leavers ${randomBytes(3).toString('hex')}`;
  const [industry] = await ownerApi.get('/api/dict/get-tree-industry');
  await ownerApi.post('/api/team/create-team', {
    name: teamName,
    industry_id: industry.children[0].id,
    scale: 0,
  });
  const { invite_code } = await ownerApi.post('/api/team/get-invite-code', { is_reset: 0 });
  const joined = await memberApi.post('/api/team/join-team', { invite_code, real_name: 'Rosa Leaver' });
  expect(joined.status).toBe('joined');

  // The owner removes the member, finds them among the leaving members and restores them.
  await signIn(page, owner.email);
  await page.goto('/org-admin/member-department');
  const members = page.getByRole('region', {
    name: fill(m.org_admin.members_of, { name: m.org_admin.all_members }),
  });
  await expect(
    members.getByRole('button', { name: new RegExp(m.org_admin.remove_from_team) }),
  ).toBeDisabled();
  await members
    .getByRole('button', { name: fill(m.org_admin.member_actions, { name: 'Rosa Leaver' }) })
    .click();
  await clickAtRest(page.getByRole('menuitem', { name: new RegExp(m.org_admin.remove) }));
  await dialogWith(page, fill(m.org_admin.remove_one_title, { name: 'Rosa Leaver' }))
    .getByRole('button', { name: m.org_admin.remove })
    .click();
  await expect(
    page.getByText(fill(m.org_admin.outcome.removed_named, { name: 'Rosa Leaver' })),
  ).toBeVisible();
  await expect(members.getByRole('row').filter({ hasText: 'Rosa Leaver' })).toHaveCount(0);
  expect((await memberApi.get('/api/user/account')).current_team.team_type).toBeGreaterThan(0);

  await page.getByRole('tab', { name: m.org_admin.tab_leavers, exact: true }).click();
  const leavers = page.getByRole('region', { name: m.org_admin.leavers });
  const leaver = leavers.getByRole('row').filter({ hasText: 'Rosa Leaver' });
  await expect(leaver).toContainText(m.org_admin.no_department);
  await leaver.getByRole('button', { name: m.org_admin.restore }).click();
  await expect(
    page.getByText(fill(m.org_admin.outcome.restored_named, { name: 'Rosa Leaver' })),
  ).toBeVisible();
  await expect(leavers.getByText(m.org_admin.leavers_empty)).toBeVisible();
  await page.getByRole('tab', { name: m.org_admin.tab_members, exact: true }).click();
  await expect(members.getByRole('row').filter({ hasText: 'Rosa Leaver' })).toBeVisible();

  // The owner cannot leave without handing the team over.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: new RegExp(owner.email.split('@')[0]!) }).click();
  await page.getByText(m.team.leave, { exact: true }).click();
  await expect(
    dialogWith(page, m.team.leave_owner_title).getByText(m.error.team_transfer_first),
  ).toBeVisible();

  // The member switches to the team and leaves it through the user menu, after a confirmation.
  const team = (await memberApi.get('/api/team/get-user-teams')).find(
    (t: { name: string }) => t.name === teamName,
  );
  await memberApi.post('/api/team/switch-team', { current_team_id: team.team_id });
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member.email);
  await memberPage.getByRole('button', { name: new RegExp(member.email.split('@')[0]!) }).click();
  await expect(memberPage.getByText(fill(m.user_menu.current_team, { name: teamName }))).toBeVisible();
  await memberPage.getByText(m.team.leave, { exact: true }).click();
  const leave = dialogWith(memberPage, fill(m.team.leave_title, { name: teamName }));
  const reloaded = memberPage.waitForEvent('load');
  await leave.getByRole('button', { name: m.team.leave_confirm }).click();
  await reloaded;
  expect((await memberApi.get('/api/user/account')).current_team.team_type).toBeGreaterThan(0);
  await memberContext.close();
});
