import { expect, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { signIn } from '../support/sign-in.ts';

const c = MESSAGES['en-US'].chat;
const s = MESSAGES['en-US'].sites;

// The test model echoes the message, so its reply carries this file and makes version 1 of the site.
const CHIP = fill(s.picked_element, { name: '<a> Order now' });
const PAGE = [
  'A page:',
  '```html path=index.html',
  '<!doctype html><html><head><title>Cafe</title></head><body>',
  '<main id="menu"><h1>Coffee</h1><p>Espresso and cake</p><a href="https://example.com/">Order now</a></main>',
  '</body></html>',
  '```',
].join('\n');

test('an element picked in the preview goes to the composer as a chip and into the next message', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerWithToken(request, 'e2e-site-pick');
  const agent = await publishedAgent(request, owner.token, { config: { web_build: true } });
  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  const box = page.getByRole('textbox', { name: c.message_label });
  await box.fill(PAGE);
  await box.press('Enter');

  const frame = page.frameLocator(`iframe[title="${fill(s.version, { number: 1 })}"]`);
  await expect(frame.getByRole('heading', { name: 'Coffee' })).toBeVisible({ timeout: 30_000 });
  const toggle = page.getByRole('button', { name: s.pick_element });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // The pick script runs under the preview's policy; the link's click is kept from the page.
  await frame.getByRole('link', { name: 'Order now' }).click();
  await expect(page.getByText(CHIP)).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(frame.getByRole('heading', { name: 'Coffee' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('site-pick-desktop.png') });

  // The test model echoes: the words carry the change, as a builder's reply would.
  await box.fill(
    [
      'Make it a big button',
      '```html path=index.html',
      '<!doctype html><html><head><title>Cafe</title></head><body>',
      '<main id="menu"><h1>Coffee</h1><p>Espresso and cake</p><button style="font-size:2em">Order now</button></main>',
      '</body></html>',
      '```',
    ].join('\n'),
  );
  await box.press('Enter');
  await expect(page.getByText(CHIP)).toHaveCount(0);
  // The reply makes version 2, which the panel shows with the element changed.
  const second = page.frameLocator(`iframe[title="${fill(s.version, { number: 2 })}"]`);
  await expect(second.getByRole('button', { name: 'Order now' })).toBeVisible({ timeout: 30_000 });
  await expect(second.getByRole('link', { name: 'Order now' })).toHaveCount(0);
  // The list keeps only what is in view, and the reply (an echo of all of it) can push the question
  // out of it: scrolled back to, the question holds the words and the picked element.
  const question = page.locator('.chat-message.is-user').filter({ hasText: 'Make it a big button' });
  const messages = page.getByRole('log', { name: c.messages_label });
  await expect(async () => {
    if ((await question.count()) === 0) await messages.evaluate((list) => list.scrollBy(0, -200));
    await expect(question).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(question).toContainText('- Selector: #menu > a');
  await expect(question).toContainText('<a href="https://example.com/">Order now</a>');

  // On a phone the preview opens over the conversation, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('complementary', { name: s.panel_title })).toBeHidden();
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await sideways()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('site-pick-phone-chat.png') });
  await page.getByRole('button', { name: s.show_preview }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('complementary', { name: s.panel_title })).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Coffee' })).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('site-pick-phone-preview.png') });
  await drawer.getByRole('button', { name: s.back_to_chat }).click();
  await expect(drawer).toBeHidden();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a version's code is highlighted and readable (${colorScheme})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    const owner = await registerWithToken(request, `e2e-site-code-${colorScheme}`);
    const agent = await publishedAgent(request, owner.token, { config: { web_build: true } });
    await signIn(page, owner.email);
    await page.goto(`/chat?agent_key=${agent.agent_key}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    const box = page.getByRole('textbox', { name: c.message_label });
    await box.fill(PAGE);
    await box.press('Enter');
    const panel = page.getByRole('complementary', { name: s.panel_title });
    await expect(panel.getByText(s.status_ready)).toBeVisible({ timeout: 30_000 });
    await panel.getByRole('tab', { name: s.code }).click();
    const keyword = panel.locator('.site-panel__source .hljs-keyword').first();
    await expect(keyword).toHaveText('html');
    const [keywordColour, textColour, background] = await keyword.evaluate((node) => {
      const pre = node.closest('pre')!;
      return [
        getComputedStyle(node).color,
        getComputedStyle(pre).color,
        getComputedStyle(document.body).backgroundColor,
      ];
    });
    expect(keywordColour).not.toBe(textColour);
    expect(keywordColour).not.toBe(background);
    await page.screenshot({ path: test.info().outputPath(`site-code-${colorScheme}.png`) });
    await context.close();
  });
}
