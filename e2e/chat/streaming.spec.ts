import { expect, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { MESSAGES } from '../support/messages.ts';
import { signIn } from '../support/sign-in.ts';
import { SLOW_TEST_MODEL } from '../support/test-model.ts';

const c = MESSAGES['en-US'].chat;
const words = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => `word${i + from}`).join(' ');

test('a reply goes on generating through a reload and can be stopped', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await registerWithToken(request, 'e2e-streaming-api');
  const agent = await publishedAgent(request, owner.token, { model: SLOW_TEST_MODEL });

  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  const box = page.getByRole('textbox', { name: c.message_label });
  // 80 words at 150 ms each: some 12 s of streaming, time enough on a busy machine.
  await box.fill(words(80));
  await box.press('Enter');
  await expect(page.getByText(/Echo: word1 word2/)).toBeVisible();
  await expect(page.getByRole('button', { name: c.stop })).toBeVisible();
  // Pieces that went out before the page subscribed are recovered or read from the saved reply:
  // never a reply shown without its start.
  const reply = page.locator('.chat-message.is-assistant').last();
  await expect(reply).toHaveText(/^Echo: word1 word2/);

  // Reloaded mid-reply, the page picks the reply up where it is and sees it to the end.
  await page.reload();
  await expect(reply).toHaveText(/^Echo: word1 word2/);
  await expect(page.getByText(`Echo: ${words(80)}`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: c.stop })).toHaveCount(0);

  // Stopped, a reply keeps what it had.
  await box.fill(words(80, 100));
  await box.press('Enter');
  await expect(page.getByText(/Echo: word100 word101/)).toBeVisible();
  await page.getByRole('button', { name: c.stop }).click();
  await expect(page.getByText(c.stopped)).toBeVisible();
  await expect(page.getByText(`Echo: ${words(80, 100)}`)).toHaveCount(0);
  await expect(box).toBeEnabled();
});
