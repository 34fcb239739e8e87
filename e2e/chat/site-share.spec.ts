import { expect, test } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { MESSAGES } from '../support/messages.ts';
import { gradientPng } from '../support/png.ts';
import { signIn } from '../support/sign-in.ts';
import { apiToken } from '../support/teams.ts';

const m = MESSAGES['en-US'];
const s = m.sites;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test("a site's version with an added image, shared by link to someone signed out, then no longer", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await registerAccount(request);
  const token = await apiToken(request, owner.email, owner.password);
  const agent = await publishedAgent(request, token, { templateId: 'web-page-builder' });

  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  const box = page.getByRole('textbox', { name: m.chat.message_label });
  // The test model echoes the message: its reply writes the page.
  await box.fill(
    [
      'A page:',
      '```html path=index.html',
      '<h1>Shared hello</h1>',
      '<img alt="Logo" src="assets/logo.png">',
      '```',
    ].join('\n'),
  );
  await box.press('Enter');
  const panel = page.getByRole('complementary', { name: s.panel_title });
  const frame = page.frameLocator(`iframe[title="${s.version.replace('{{number}}', '1')}"]`);
  await expect(frame.getByRole('heading', { name: 'Shared hello' })).toBeVisible({ timeout: 60_000 });

  await panel.getByRole('button', { name: s.images }).click();
  await page.getByTestId('site-image-input').setInputFiles({
    name: 'Logo.png',
    mimeType: 'image/png',
    buffer: gradientPng(32, 32),
  });
  await expect(
    page.getByRole('list', { name: s.images }).getByText('assets/logo.png', { exact: true }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  await panel.getByRole('button', { name: s.share }).click();
  const link = page.getByRole('textbox', { name: s.share_link.replace('{{number}}', '1') });
  const url = await link.inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[\w-]{32}\/$/);
  const sharing = page.locator('.ant-popover', { has: link });
  await sharing.getByRole('button', { name: s.copy }).click();
  // The copy is written a moment after the click.
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // Someone with no session opens the version, its image included.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { name: 'Shared hello' })).toBeVisible();
  await expect
    .poll(() =>
      visitor.getByRole('img', { name: 'Logo' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(32);

  await sharing.getByRole('button', { name: s.share_revoke }).click();
  await page
    .locator('.ant-popover', { hasText: s.share_revoke_title.replace('{{number}}', '1') })
    .getByRole('button', { name: s.share_revoke })
    .click();
  await expect(panel.getByRole('button', { name: s.share })).toBeVisible();
  const gone = await visitor.goto(url);
  expect(gone?.status()).toBe(404);
  await visitor.context().close();
});
