import { expect, type Page, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { MESSAGES } from '../support/messages.ts';
import { dialogWith, signIn } from '../support/sign-in.ts';
import { TEST_MODEL_POINTS } from '../support/test-model.ts';

const m = MESSAGES['en-US'];
const c = m.chat;

/** The number under a total of the data analysis page. */
const totalOf = (page: Page, label: string) =>
  page
    .locator('.insights-total')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

test('a disliked reply, with its reason, reaches the agent’s user feedback and data analysis', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerWithToken(request, 'e2e-feedback-api');
  const agent = await publishedAgent(request, owner.token);

  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  const box = page.getByRole('textbox', { name: c.message_label });
  await box.fill('Where is the cloud museum?');
  await box.press('Enter');
  await expect(page.getByText('Echo: Where is the cloud museum?', { exact: true })).toBeVisible();

  const dislike = page.getByRole('button', { name: c.dislike, exact: true });
  await dislike.click();
  const why = dialogWith(page, c.dislike_title);
  await why.getByRole('radio', { name: m.feedback_reason.misinformation }).check();
  await why.getByRole('textbox', { name: c.dislike_comment_label }).fill('There is no such museum.');
  await why.getByRole('button', { name: c.dislike_submit }).click();
  await expect(dislike).toHaveAttribute('aria-pressed', 'true');
  // Saved: a reload shows it again.
  await page.reload();
  await expect(page.getByRole('button', { name: c.dislike, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto(`/agent/index/user-feedback?agent_id=${agent.id}`);
  const row = page.getByRole('row').filter({ hasText: m.feedback_reason.misinformation });
  await expect(row).toContainText('There is no such museum.');
  await expect(row).toContainText('Where is the cloud museum?');
  await row.getByRole('button', { name: m.agents.feedback.open }).click();
  const drawer = dialogWith(page, m.agents.feedback.exchange_title);
  await expect(drawer.getByText('Echo: Where is the cloud museum?')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  await page.goto(`/agent/index/data-analysis?agent_id=${agent.id}`);
  const a = m.agents.analysis;
  await expect(totalOf(page, a.conversations)).toHaveText('1');
  await expect(totalOf(page, a.messages)).toHaveText('1');
  await expect(totalOf(page, a.active_users)).toHaveText('1');
  await expect(totalOf(page, a.points)).toHaveText(String(TEST_MODEL_POINTS));
  await expect(totalOf(page, a.dislikes)).toHaveText('1');
  await expect(totalOf(page, a.likes)).toHaveText('0');
  await expect(page.getByRole('img', { name: new RegExp(`^${a.conversations} per day`) })).toBeVisible();
});
