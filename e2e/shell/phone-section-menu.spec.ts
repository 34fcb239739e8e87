import { expect, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { clickAtRest } from '../support/menus.ts';
import { MESSAGES } from '../support/messages.ts';
import { signIn } from '../support/sign-in.ts';
import { teamOfTwo } from '../support/teams.ts';

const m = MESSAGES['en-US'];

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone a section’s menu is one row above its page, and still opens every page', async ({
  page,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-phone-sections');
  const member = await registerWithToken(request, 'e2e-phone-sections-member');
  await teamOfTwo(request, owner.token, member.token);
  await signIn(page, owner.email);

  await page.goto('/org-admin/index');
  const nav = page.getByRole('navigation', { name: m.route.org_admin });
  await expect(nav.getByRole('menuitem', { name: m.route.org_admin_index })).toBeVisible();
  // One row: the page starts right under it, where five stacked items took about 240 px.
  expect((await nav.boundingBox())!.height).toBeLessThanOrEqual(60);

  // Every item is in the row (the last ones scrolled into view), none behind "…".
  await clickAtRest(nav.getByRole('menuitem', { name: m.route.org_admin_member_approve }));
  await expect(page).toHaveURL(/\/org-admin\/member-approve$/);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('org-admin-phone.png') });

  await page.goto('/user-center/user-set');
  const centre = page.getByRole('navigation', { name: m.route.user_center });
  await expect(centre.getByRole('menuitem').first()).toBeVisible();
  expect((await centre.boundingBox())!.height).toBeLessThanOrEqual(60);
});
