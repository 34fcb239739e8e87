import { expect, test } from '@playwright/test';
import { buttonName, type LocaleTag, MESSAGES } from '../support/messages.ts';

test('the API answers its health check', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(await response.json()).toMatchObject({ code: 0, data: { status: 'ok', database: 'pglite' } });
});

for (const locale of Object.keys(MESSAGES) as LocaleTag[]) {
  test.describe(`a ${locale} browser`, () => {
    test.use({ locale });

    test('sees the sign-in page in its language, with a localised title', async ({ page }) => {
      await page.goto('/login');
      const m = MESSAGES[locale];
      await expect(page.getByRole('heading', { name: m.auth.welcome })).toBeVisible();
      await expect(page.getByRole('button', { name: buttonName(m.auth.submit) })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(m.route.login));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    });
  });
}

test.describe('a browser in another language', () => {
  test.use({ locale: 'fr-FR' });
  test('gets English, the default', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: MESSAGES['en-US'].auth.welcome })).toBeVisible();
  });
});

const backgroundLuminance = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number);
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
  });

test.describe('an OS in dark mode', () => {
  test.use({ colorScheme: 'dark' });
  test('gets the dark theme by default', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: MESSAGES['en-US'].auth.welcome })).toBeVisible();
    expect(await backgroundLuminance(page)).toBeLessThan(0.3);
  });
});

test.describe('an OS in light mode', () => {
  test.use({ colorScheme: 'light' });
  test('gets the light theme, and follows the OS when it turns dark', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: MESSAGES['en-US'].auth.welcome })).toBeVisible();
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.7);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.3);
  });
});

test('a visitor opening a private page is sent to sign in, and the way back is kept', async ({ page }) => {
  await page.goto('/projects/space/abc?tab=docs');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(redirect).toBe('/projects/space/abc?tab=docs');
});

test('the 404 page offers the way home', async ({ page }) => {
  await page.goto('/404');
  await expect(page).toHaveTitle(new RegExp(MESSAGES['en-US'].route.not_found));
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: MESSAGES['en-US'].common.back_home }).click();
  await expect(page).toHaveURL(/\/login/);
});
