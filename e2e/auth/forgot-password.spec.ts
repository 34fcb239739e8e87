import { expect, test } from '@playwright/test';
import { latestCode, registerAccount } from '../support/accounts.ts';
import { MESSAGES } from '../support/messages.ts';

const m = MESSAGES['en-US'];
const NEW_PASSWORD = 'Fresh4567';

test('a user who forgot the password resets it with the mailed code and signs in with the new one', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { email, password: oldPassword } = await registerAccount(request);
  await page.goto('/login');
  await page.getByRole('link', { name: m.auth.forgot }).click();
  await expect(page).toHaveURL(/\/forget$/);
  await expect(page.getByRole('heading', { name: m.forget.title })).toBeVisible();

  await page.getByRole('textbox', { name: m.auth.email }).fill(email);
  await page.getByRole('button', { name: m.auth.send_code }).click();
  await expect(page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeVisible();
  const code = await latestCode(request, email);

  // A wrong code first: refused beside the field, and the user stays on the first step.
  await page.getByRole('textbox', { name: m.auth.code }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: m.forget.next }).click();
  await expect(page.getByText(m.error.code_check_failed)).toBeVisible();

  await page.getByRole('textbox', { name: m.auth.code }).fill(code);
  await page.getByRole('textbox', { name: m.auth.code }).press('Enter');
  await expect(page.getByLabel(m.forget.new_password, { exact: true })).toBeFocused();
  await page.getByLabel(m.forget.new_password, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(m.auth.password_confirm, { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: m.forget.submit }).click();
  await expect(page.getByText(m.forget.done_title)).toBeVisible();

  await page.getByRole('button', { name: m.forget.go_sign_in }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: m.auth.user_name }).fill(email);
  await page.locator('input[type="password"]:visible').fill(oldPassword);
  await page.getByRole('button', { name: m.auth.submit }).click();
  await expect(page.getByText(m.error.password_error)).toBeVisible();

  await page.locator('input[type="password"]:visible').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: m.auth.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
