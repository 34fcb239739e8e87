import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { clickAtRest } from './menus.ts';
import { type LocaleTag, MESSAGES } from './messages.ts';
import { dialogWith, signIn } from './sign-in.ts';

const m = MESSAGES['en-US'];

/** What the user menu shows for a fresh account: its email's local part. */
export const localPart = (email: string) => email.split('@')[0]!;

/**
 * Opens the account centre from the user menu, whose button is named after the user; `messages` is
 * the catalogue of the language the page shows.
 */
export async function openAccountCentre(
  page: Page,
  name: string | RegExp,
  messages: (typeof MESSAGES)[LocaleTag] = m,
) {
  await page.getByRole('button', { name: typeof name === 'string' ? new RegExp(name) : name }).click();
  await clickAtRest(page.getByText(messages.user_menu.account_settings, { exact: true }));
  const centre = page.getByRole('dialog').filter({ hasText: messages.account_centre.title }).last();
  await expect(centre.getByRole('heading', { name: messages.account_centre.account })).toBeVisible();
  return centre;
}

/** The same account signed in from a second browser (a context of its own: another device). */
export async function signInElsewhere(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** Signs out every other device from the open account centre's device list, confirming the prompt. */
export async function signOutOtherDevices(page: Page, centre: Locator) {
  await centre.getByRole('button', { name: m.devices.logout_all }).click();
  await dialogWith(page, m.devices.logout_all_body)
    .getByRole('button', { name: m.devices.logout_all })
    .click();
  await expect(page.getByText(m.devices.logged_out_all)).toBeVisible();
}
