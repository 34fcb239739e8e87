import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { latestCode, PASSWORD } from '../support/accounts.ts';
import { clickAtRest } from '../support/menus.ts';
import { MESSAGES } from '../support/messages.ts';

const m = MESSAGES['en-US'];
const newEmail = () => `e2e-reg-${randomBytes(5).toString('hex')}@example.com`;

/** Clicks "Send code" and waits for the countdown, which starts once the server has sent the code. */
async function sendCode(page: Page) {
  await page.getByRole('button', { name: m.auth.send_code }).click();
  await expect(page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeVisible();
}

async function signOut(page: Page, email: string) {
  await page.getByRole('button', { name: new RegExp(email.split('@')[0]!) }).click();
  await clickAtRest(page.getByText(m.user_menu.logout, { exact: true }));
  const dialog = page.getByRole('dialog').filter({ hasText: m.user_menu.logout_title }).last();
  await dialog.getByRole('button', { name: m.user_menu.logout }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('a visitor registers by email with the mailed code, signs out, then signs in by password and by code', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = newEmail();
  await page.goto('/login');
  await page.getByRole('link', { name: m.auth.create_account }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: m.register.title })).toBeVisible();

  await page.getByRole('textbox', { name: m.auth.email }).fill(email);
  await sendCode(page);
  await page.getByRole('textbox', { name: m.auth.code }).fill(await latestCode(request, email));
  await page.getByLabel(m.auth.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(m.auth.password_confirm, { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  // Enter submits the form.
  await page.getByLabel(m.auth.password_confirm, { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page, email);

  await page.getByRole('textbox', { name: m.auth.user_name }).fill(email);
  await page.locator('input[type="password"]:visible').fill(PASSWORD);
  await page.getByRole('button', { name: m.auth.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page, email);

  await page.getByRole('tab', { name: m.auth.tab_code }).click();
  await page.getByRole('textbox', { name: m.auth.user_name }).fill(email);
  await sendCode(page);
  await page.getByRole('textbox', { name: m.auth.code }).fill(await latestCode(request, email));
  await page.getByRole('button', { name: m.auth.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('registration refuses a wrong code beside the code field and stays on the page', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('textbox', { name: m.auth.email }).fill(newEmail());
  await sendCode(page);
  await page.getByRole('textbox', { name: m.auth.code }).fill('000000');
  await page.getByLabel(m.auth.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(m.auth.password_confirm, { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: m.register.submit }).click();
  await expect(page.getByText(m.error.code_check_failed)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('registering an email that already has an account says so beside the email', async ({
  page,
  request,
}) => {
  const email = newEmail();
  const sent = await request.post('/api/user/get-sys-email-code', { data: { email, type: 1 } });
  expect(sent.ok()).toBe(true);
  const registered = await request.post('/api/user/register', {
    data: { email, valid_code: await latestCode(request, email), password: PASSWORD, agree: true },
  });
  expect(registered.ok()).toBe(true);

  await page.goto('/register');
  await page.getByRole('textbox', { name: m.auth.email }).fill(email);
  await page.getByRole('button', { name: m.auth.send_code }).click();
  await expect(page.getByText(m.error.account_exists)).toBeVisible();
  await expect(page.getByRole('button', { name: m.auth.send_code })).toBeEnabled();
});
