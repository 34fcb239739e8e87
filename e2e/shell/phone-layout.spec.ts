import { expect, type Page, test } from '@playwright/test';
import { platformAdmin, registerWithToken } from '../support/accounts.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { clickAtRest } from '../support/menus.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { signIn } from '../support/sign-in.ts';
import { teamOfTwo } from '../support/teams.ts';
import { TEST_MODEL } from '../support/test-model.ts';

const m = MESSAGES['en-US'];

test.use({ viewport: { width: 390, height: 844 } });

/** The page never scrolls sideways: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page, path: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${path} scrolls sideways`,
    })
    .toBeLessThanOrEqual(0);
}

test('on a phone every signed-in page fits the width, and chat keeps the whole width for the conversation', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await registerWithToken(request, 'e2e-phone-owner');
  const member = await registerWithToken(request, 'e2e-phone-member');
  await teamOfTwo(request, owner.token, member.token);
  const agent = await publishedAgent(request, owner.token);

  await signIn(page, owner.email);
  // The shell's menu is a drawer behind a button: the page keeps the width.
  await page.getByRole('button', { name: m.nav.open_menu }).click();
  const nav = page.getByRole('navigation', { name: m.nav.main });
  await expect(nav.getByText(m.nav.chat)).toBeVisible();
  await nav.getByText(m.nav.chat).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(nav).toBeHidden();
  await expectNoSidewaysScroll(page, '/chat');

  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  await expect(page.getByRole('heading', { name: agent.name })).toBeVisible();
  const box = page.getByRole('textbox', { name: m.chat.message_label });
  await expect(box).toBeVisible();
  expect((await box.boundingBox())!.width).toBeGreaterThanOrEqual(300);
  await box.fill('Hello from a phone');
  await box.press('Enter');
  await expect(page.getByText('Echo: Hello from a phone')).toBeVisible();
  await expect(page).toHaveURL(/conversation_id=/);
  await expectNoSidewaysScroll(page, 'chat with a conversation');

  // The agents and conversations open in a drawer; choosing one closes it, Escape too.
  const lists = page.getByRole('button', { name: m.chat.open_lists });
  await lists.click();
  const drawer = page.getByRole('dialog').filter({ hasText: m.chat.open_lists });
  await expect(drawer.getByRole('button', { name: 'Hello from a phone', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await lists.click();
  await drawer.getByRole('button', { name: 'Hello from a phone', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByText('Echo: Hello from a phone')).toBeVisible();

  for (const path of [
    '/dashboard',
    `/agent/index/creation?agent_id=${agent.id}`,
    `/agent/index/link?agent_id=${agent.id}`,
    '/agent/index/creation',
    '/user-center/user-set',
    '/user-center/team-invitation',
    '/org-admin/index',
    '/org-admin/member-department',
    '/org-admin/member-approve',
  ]) {
    await page.goto(path);
    await expect(page.locator('#main-content, main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page, path);
  }
});

test("on a phone the platform models page fits the width, each model's switch and buttons in reach", async ({
  page,
}) => {
  const admin = platformAdmin();
  await signIn(page, admin.email);
  await page.goto('/platform/models');
  const models = page.getByRole('region', { name: m.models_admin.models_title });
  const row = models.getByRole('row').filter({ hasText: TEST_MODEL }).first();
  await expect(row).toBeVisible();
  await expect(
    row.getByRole('button', { name: new RegExp(fill(m.models_admin.edit_named, { name: '' })) }),
  ).toBeInViewport();
  await expect(row.getByRole('switch')).toBeInViewport();
  await page.waitForLoadState('networkidle');
  await expectNoSidewaysScroll(page, '/platform/models');
});

test('on a phone the sign-in tabs keep to one line each, and the code button one width while it counts', async ({
  page,
}) => {
  await page.goto('/login');
  const tab = page.getByRole('tab', { name: m.auth.tab_code });
  await expect(tab).toBeVisible();
  const lines = await tab.evaluate((el) => {
    const text = document.createRange();
    text.selectNodeContents(el);
    return new Set(Array.from(text.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);

  await page.goto('/register');
  const sendCode = page.getByRole('button', { name: m.auth.send_code });
  const before = (await sendCode.boundingBox())!.width;
  await page.getByRole('textbox', { name: m.auth.email }).fill(`e2e-phone-code-${Date.now()}@example.com`);
  await sendCode.click();
  const countdown = page.getByRole('button', {
    name: new RegExp(`^${fill(m.auth.resend_in, { seconds: '\\d+' })}$`),
  });
  await expect(countdown).toBeVisible();
  expect((await countdown.boundingBox())!.width).toBe(before);
});

test('/user-center/user-set is the account centre, with the subscription beside the account', async ({
  page,
  request,
}) => {
  const account = await registerWithToken(request, 'e2e-user-set');
  await signIn(page, account.email);
  await page.goto('/user-center/user-set');
  await expect(page.getByRole('heading', { name: m.account_centre.account })).toBeVisible();
  await expect(page.getByRole('heading', { name: m.account_settings.security })).toBeVisible();
  await expect(page.getByRole('button', { name: m.account_settings.delete_account })).toBeVisible();
  await clickAtRest(page.getByRole('menuitem', { name: m.account_centre.subscription }));
  await expect(page.getByRole('heading', { name: m.account_centre.subscription })).toBeVisible();
  // A new account's team is on the free plan, and its owner may upgrade it.
  await expect(page.getByRole('button', { name: m.billing.upgrade, exact: true }).first()).toBeVisible();
  await expect(page.getByText(m.coming_soon.user_set)).toHaveCount(0);
});

test('on a phone the devices table keeps each device readable, with when and where under its name', async ({
  page,
  request,
}) => {
  const account = await registerWithToken(request, 'e2e-phone-devices');
  await signIn(page, account.email);
  await page.goto('/user-center/user-set');
  const devices = page.getByRole('region', { name: m.devices.title });
  const current = devices.getByRole('row').filter({ hasText: m.devices.current });
  await expect(current).toBeVisible();
  // The name's column had 20 px beside two fixed columns: one letter a line.
  expect((await current.getByRole('cell').first().boundingBox())!.width).toBeGreaterThanOrEqual(150);
  await expect(devices.getByRole('columnheader', { name: m.devices.last_active })).toHaveCount(0);
  // Requests from this machine come from a local address.
  await expect(current.getByText(m.device_location.local)).toBeVisible();
});
