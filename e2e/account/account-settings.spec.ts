import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  localPart,
  openAccountCentre,
  signInElsewhere,
  signOutOtherDevices,
} from '../support/account-centre.ts';
import { latestCode, PASSWORD, registerAccount } from '../support/accounts.ts';
import { clickAtRest, clickInSubmenu } from '../support/menus.ts';
import { buttonName, MESSAGES } from '../support/messages.ts';
import { gradientPng } from '../support/png.ts';
import { signIn } from '../support/sign-in.ts';

const m = MESSAGES['en-US'];

test('the nickname and the cropped avatar show in the user menu at once', async ({ page, request }) => {
  const { email } = await registerAccount(request);
  await signIn(page, email);
  const centre = await openAccountCentre(page, localPart(email));

  const nickname = centre.getByRole('textbox', { name: m.account_settings.nickname });
  await nickname.fill('Ada Lovelace');
  await nickname.press('Enter');
  await expect(page.getByText(m.account_settings.nickname_saved)).toBeVisible();
  await expect(page.getByRole('button', { name: /Ada Lovelace/ })).toBeVisible();

  // A blank nickname is refused and the saved one comes back.
  await nickname.fill('   ');
  await nickname.blur();
  await expect(page.getByText(m.account_settings.nickname_blank)).toBeVisible();
  await expect(nickname).toHaveValue('Ada Lovelace');

  await centre.locator('input[type="file"]').setInputFiles({
    name: 'portrait.png',
    mimeType: 'image/png',
    buffer: gradientPng(320, 200),
  });
  const crop = page.getByRole('dialog').filter({ hasText: m.account_settings.avatar_crop_title }).last();
  await expect(crop.locator('img')).toBeVisible();
  await crop.getByRole('button', { name: buttonName(m.common.save) }).click();
  await expect(page.getByText(m.account_settings.avatar_saved)).toBeVisible();

  const menuAvatar = page.getByRole('button', { name: /Ada Lovelace/ }).locator('img');
  await expect(menuAvatar).toHaveAttribute('src', /^\/api\/upload\/files\/[\w-]+\.jpe?g$/);
  // The crop comes out as a square JPEG, whatever was picked.
  const stored = await request.get((await menuAvatar.getAttribute('src'))!);
  expect(stored.headers()['content-type']).toBe('image/jpeg');

  // Reloaded from the server, both stay.
  await page.reload();
  await expect(page.getByRole('button', { name: /Ada Lovelace/ }).locator('img')).toHaveAttribute(
    'src',
    /^\/api\/upload\/files\//,
  );
});

test('several pictures at once skip the crop and the last becomes the avatar', async ({ page, request }) => {
  const { email } = await registerAccount(request);
  await signIn(page, email);
  const centre = await openAccountCentre(page, localPart(email));
  const uploads: string[] = [];
  page.on('request', (call) => {
    if (call.url().endsWith('/api/upload/upload_img')) uploads.push(call.url());
  });
  await centre.locator('input[type="file"]').setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: gradientPng(40, 40) },
    { name: 'second.png', mimeType: 'image/png', buffer: gradientPng(64, 48) },
  ]);
  await expect(page.getByText(m.account_settings.avatar_saved)).toBeVisible();
  expect(uploads).toHaveLength(2);
  await expect(
    page.getByRole('dialog').filter({ hasText: m.account_settings.avatar_crop_title }),
  ).toHaveCount(0);
  // Uploaded as it was: the second picture, still a PNG.
  const src = await page
    .getByRole('button', { name: new RegExp(localPart(email)) })
    .locator('img')
    .getAttribute('src');
  const stored = await request.get(src!);
  expect(stored.headers()['content-type']).toBe('image/png');
  expect((await stored.body()).equals(gradientPng(64, 48))).toBe(true);
});

test('a file that is not an image by its name is refused before any upload', async ({ page, request }) => {
  const { email } = await registerAccount(request);
  await signIn(page, email);
  const centre = await openAccountCentre(page, localPart(email));
  const uploads: string[] = [];
  page.on('request', (call) => {
    if (call.url().includes('/api/upload/')) uploads.push(call.url());
  });
  await centre.locator('input[type="file"]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByText(m.error.image_type_error)).toBeVisible();
  expect(uploads).toEqual([]);
});

test('changing the email takes four steps, signs out, and the new email signs in', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { email } = await registerAccount(request);
  const newEmail = `e2e-new-${randomBytes(5).toString('hex')}@example.com`;
  await signIn(page, email);
  const centre = await openAccountCentre(page, localPart(email));
  await centre.getByRole('button', { name: buttonName(m.account_settings.change) }).click();
  const change = page.getByRole('dialog').filter({ hasText: m.account_settings.change_email }).last();

  // 1: a code to the current email.
  await expect(change.getByText(email)).toBeVisible();
  await change.getByRole('button', { name: m.account_settings.send_code }).click();
  // 2: verify it.
  await expect(change.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeVisible();
  await change.getByRole('textbox', { name: m.account_settings.code }).fill(await latestCode(request, email));
  await change.getByRole('button', { name: m.account_settings.next }).click();
  // 3: the new email, which must differ, and its own code.
  const address = change.getByRole('textbox', { name: m.account_settings.new_email });
  await address.fill(email.toUpperCase());
  await change.getByRole('button', { name: m.account_settings.send_code }).click();
  await expect(change.getByText(m.account_settings.email_duplicate)).toBeVisible();
  await address.fill(newEmail);
  await change.getByRole('button', { name: m.account_settings.send_code }).click();
  // 4: submit with that code.
  await expect(change.getByText(`Enter the code we sent to ${newEmail}.`)).toBeVisible();
  await change
    .getByRole('textbox', { name: m.account_settings.code })
    .fill(await latestCode(request, newEmail));
  await change.getByRole('button', { name: m.common.confirm }).click();

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(m.account_settings.email_changed)).toBeVisible();
  await signIn(page, newEmail);
  const after = await openAccountCentre(page, localPart(newEmail));
  await expect(after.getByText(newEmail)).toBeVisible();
});

test('binding a phone takes two steps, then the phone signs in', async ({ page, request }) => {
  const { email } = await registerAccount(request);
  const phone = `139${String(Date.now()).slice(-8)}`;
  await signIn(page, email);
  const centre = await openAccountCentre(page, localPart(email));
  await centre.getByRole('button', { name: buttonName(m.account_settings.bind) }).click();
  const bind = page.getByRole('dialog').filter({ hasText: m.account_settings.bind_phone }).last();

  const number = bind.getByRole('textbox', { name: m.account_settings.new_phone });
  await number.fill('12345');
  await bind.getByRole('button', { name: m.account_settings.send_code }).click();
  await expect(bind.getByText(m.account_settings.phone_invalid)).toBeVisible();
  await number.fill(phone);
  await bind.getByRole('button', { name: m.account_settings.send_code }).click();
  await expect(bind.getByText(`Enter the code we sent to +86 ${phone}.`)).toBeVisible();
  await bind
    .getByRole('textbox', { name: m.account_settings.code })
    .fill(await latestCode(request, `+86${phone}`));
  await bind.getByRole('button', { name: m.common.confirm }).click();

  await expect(page).toHaveURL(/\/login/);
  await signIn(page, phone);
  // The menu now names the user by phone: the display name falls back from nickname to phone to email.
  const after = await openAccountCentre(page, phone);
  await expect(after.getByText(`+86 ${phone}`)).toBeVisible();
});

test('resetting the password with a mailed code signs out, and the new password signs in', async ({
  page,
  request,
}) => {
  const { email } = await registerAccount(request);
  await signIn(page, email);
  const centre = await openAccountCentre(page, localPart(email));
  await centre.getByRole('button', { name: buttonName(m.account_settings.reset) }).click();
  const reset = page.getByRole('dialog').filter({ hasText: m.account_settings.password_rule }).last();
  await reset.getByRole('button', { name: m.account_settings.send_code }).click();
  await expect(reset.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeVisible();
  await reset.getByRole('textbox', { name: m.account_settings.code }).fill(await latestCode(request, email));
  await reset.getByLabel(m.account_settings.new_password, { exact: true }).fill('Another456');
  await reset.getByLabel(m.account_settings.confirm_password, { exact: true }).fill('Another45');
  await reset.getByRole('button', { name: m.account_settings.reset_password }).click();
  await expect(reset.getByText(m.account_settings.password_mismatch)).toBeVisible();
  await reset.getByLabel(m.account_settings.confirm_password, { exact: true }).fill('Another456');
  await reset.getByRole('button', { name: m.account_settings.reset_password }).click();

  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email, 'Another456');
});

test('deleting the account asks for its email, then the account is gone', async ({ page, request }) => {
  const { email } = await registerAccount(request);
  await signIn(page, email);
  const centre = await openAccountCentre(page, localPart(email));
  await centre.getByRole('button', { name: m.account_settings.delete_account }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: m.account_settings.delete_title }).last();
  const confirm = dialog.getByRole('button', { name: m.account_settings.delete_confirm });
  await expect(confirm).toBeDisabled();
  const typed = dialog.getByRole('textbox');
  await typed.fill('someone@example.com');
  await expect(confirm).toBeDisabled();
  await typed.press('Enter');
  await expect(dialog.getByText(m.error.delete_account_mismatch)).toBeVisible();
  await typed.fill(email);
  await confirm.click();

  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(m.account_settings.deleted)).toBeVisible();
  await page.getByRole('textbox', { name: m.auth.user_name }).fill(email);
  await page.locator('input[type="password"]:visible').fill(PASSWORD);
  await page.getByRole('button', { name: m.auth.submit }).click();
  await expect(page.getByText(m.error.password_error)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a second browser shows as a device and can be signed out from the first', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  const { email } = await registerAccount(request);
  await signIn(page, email);
  let centre = await openAccountCentre(page, localPart(email));
  let rows = centre.locator('.ant-table-tbody tr.ant-table-row');

  // Registering opened a session too: sign out every other one, so this browser is alone.
  await signOutOtherDevices(page, centre);
  await expect(rows).toHaveCount(1);
  await expect(rows.filter({ hasText: m.devices.current })).toHaveCount(1);
  await expect(centre.getByRole('button', { name: m.devices.logout_all })).toBeDisabled();

  const other = await signInElsewhere(browser, email);
  await centre.getByRole('button', { name: m.common.close }).click();
  centre = await openAccountCentre(page, localPart(email));
  rows = centre.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: m.devices.current })).toHaveCount(1);

  await rows.filter({ hasNotText: m.devices.current }).getByRole('button').click();
  const confirm = page.getByRole('dialog').filter({ hasText: m.devices.logout_body }).last();
  await confirm.getByRole('button', { name: buttonName(m.devices.logout) }).click();
  await expect(page.getByText(m.devices.logged_out)).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The other browser finds out at its next call: here the account load of a reload.
  await other.page.reload();
  await expect(other.page).toHaveURL(/\/login/);
  await expect(other.page.getByRole('textbox', { name: m.auth.user_name })).toBeVisible();
  // …and says why, though the page loaded anew on the way.
  await expect(other.page.getByText(m.error.logged_in_elsewhere)).toBeVisible();
  await other.context.close();
  // This one stays signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('language and theme are kept after a reload and follow the user to another browser', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  const { email } = await registerAccount(request);
  await signIn(page, email);
  const centre = await openAccountCentre(page, localPart(email));
  await clickAtRest(centre.getByRole('menuitem', { name: m.account_centre.preferences }));

  const themeSaved = page.waitForResponse((r) => r.url().endsWith('/api/user/update-user-preference'));
  // antd hides the radio input itself; its label is what a user clicks.
  await centre.locator('label').filter({ hasText: m.theme.dark }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect((await themeSaved).ok()).toBe(true);

  const languageSaved = page.waitForResponse((r) => r.url().endsWith('/api/user/update-user-preference'));
  await centre.getByRole('combobox').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '日本語' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  expect((await languageSaved).ok()).toBe(true);
  const ja = MESSAGES['ja-JP'];
  await expect(page.getByRole('heading', { name: ja.account_centre.preferences })).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('navigation', { name: ja.nav.main }).getByText(ja.nav.discover)).toBeVisible();

  // A browser that never saw the choice takes it from the account at sign-in.
  const other = await signInElsewhere(browser, email);
  await expect(other.page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(other.page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await other.context.close();
});

test('the user menu’s theme and language are saved on the account too', async ({
  page,
  request,
  browser,
}) => {
  const { email } = await registerAccount(request);
  await signIn(page, email);
  await page.getByRole('button', { name: new RegExp(localPart(email)) }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/update-user-preference'));
  await clickInSubmenu(page, m.user_menu.theme, m.theme.light);
  expect((await saved).ok()).toBe(true);

  const other = await browser.newContext({ colorScheme: 'dark' });
  const otherPage = await other.newPage();
  await signIn(otherPage, email);
  await expect(otherPage.locator('html')).toHaveAttribute('data-theme', 'light');
  await other.close();
});

test('in Japanese the devices heading and the local network place each keep to one line', async ({
  page,
  request,
}) => {
  const ja = MESSAGES['ja-JP'];
  const { email } = await registerAccount(request);
  await signIn(page, email);
  await page.getByRole('button', { name: new RegExp(localPart(email)) }).click();
  await clickInSubmenu(page, m.user_menu.language, '日本語');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  const centre = await openAccountCentre(page, localPart(email), ja);

  const heading = centre.getByRole('heading', { name: ja.devices.title });
  const place = centre.getByRole('cell').getByText(ja.device_location.local, { exact: true }).first();
  await expect(place).toBeVisible();
  // One line each: no taller than one line of their text (they wrapped beside the long button, and
  // in the 150 px column).
  for (const text of [heading, place]) {
    const { height, lineHeight } = await text.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
    }));
    expect(height).toBeLessThan(lineHeight * 1.5);
  }
});
