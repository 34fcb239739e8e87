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
