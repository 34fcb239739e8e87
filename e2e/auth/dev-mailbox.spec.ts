import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { PASSWORD } from '../support/accounts.ts';
import { MESSAGES } from '../support/messages.ts';

const m = MESSAGES['en-US'];

test('a newcomer registers with the code read from the development mailbox the code screen links to', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const email = `e2e-mailbox-${randomBytes(5).toString('hex')}@example.com`;
  await page.goto('/register');
  await page.getByRole('textbox', { name: m.auth.email }).fill(email);
  await page.getByRole('button', { name: m.auth.send_code }).click();
  await expect(page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeVisible();

  // The mailbox opens beside the form, so what was typed stays.
  const [mailbox] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: m.auth.dev_outbox_link }).click(),
  ]);
  await expect(mailbox.getByRole('heading', { name: m.dev_outbox.title })).toBeVisible();
  const entry = mailbox.getByRole('listitem').filter({ hasText: m.dev_outbox.to.replace('{{to}}', email) });
  const code = (await entry.locator('strong').first().textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await mailbox.close();

  await page.getByRole('textbox', { name: m.auth.code }).fill(code);
  await page.getByLabel(m.auth.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(m.auth.password_confirm, { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByLabel(m.auth.password_confirm, { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});
