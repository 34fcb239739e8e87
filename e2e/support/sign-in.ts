import { expect, type Page } from '@playwright/test';
import { PASSWORD } from './accounts.ts';
import { MESSAGES } from './messages.ts';

const m = MESSAGES['en-US'];

/** Fills and submits the password sign-in form the page already shows (English). */
export async function submitSignIn(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('textbox', { name: m.auth.user_name }).fill(email);
  await page.locator('input[type="password"]:visible').fill(password);
  await page.getByRole('button', { name: m.auth.submit }).click();
}

/** Signs in from /login and waits for the landing page. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The dialog whose text includes `text` (antd nests two dialog roles: the last is the box). */
export const dialogWith = (page: Page, text: string) =>
  page.getByRole('dialog').filter({ hasText: text }).last();
