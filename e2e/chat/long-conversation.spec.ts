import { expect, test } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { call } from '../support/api-calls.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { signIn } from '../support/sign-in.ts';

const TOTAL = 2000;
const PAGE_SIZE = 50;

/** Message `id` of a long conversation: questions and answers, every tenth answer with a list and code. */
function messageOf(conversationId: string, id: number) {
  const isUser = id % 2 === 1;
  const rich = id % 20 === 0 ? '\n\n- one\n- two\n\n```ts\nconst answer = 42;\n```' : '';
  return {
    id,
    conversation_id: conversationId,
    role: isUser ? 'user' : 'assistant',
    content: `message ${id}${isUser ? '' : ` — an answer long enough to wrap over a couple of lines in the chat column.${rich}`}`,
    reasoning: '',
    status: 'done',
    error_code: null,
    finish_reason: isUser ? null : 'stop',
    model_id: null,
    points: isUser ? 0 : 2,
    created_at: new Date(Date.UTC(2026, 10, 1, 0, id)).toISOString(),
    feedback: null,
    attachments: [],
    suggestions: [],
  };
}

test('a conversation of 2,000 messages scrolls smoothly, only what is in view in the page', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await registerAccount(request);
  const login = await request.post('/api/user/login', {
    data: { user_name: owner.email, password: owner.password, device_id: 'e2e-long-api' },
  });
  const token = (await login.json()).data.token as string;
  const agent = await publishedAgent(request, token);
  const sent = await call<{ conversation_id: string }>(
    request,
    token,
    'POST',
    '/api/chat/agent-send-message',
    {
      agent_id: agent.id,
      content: 'Start',
    },
  );
  const conversationId = sent.conversation_id;

  // The server holds a short conversation; the page is shown a long one, a page at a time.
  await page.route('**/api/chat/get-conversation-messages?*', (route) => {
    const before = new URL(route.request().url()).searchParams.get('before_id');
    const last = before === null ? TOTAL : Number(before) - 1;
    const first = Math.max(1, last - PAGE_SIZE + 1);
    const data = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) =>
      messageOf(conversationId, first + i),
    );
    return route.fulfill({ json: { code: 0, msg: 'ok', data: { data, total: TOTAL } } });
  });

  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}&conversation_id=${conversationId}`);
  await expect(page.getByText(`message ${TOTAL} —`)).toBeVisible();
  const list = page.getByRole('log');

  // Scrolling up reads earlier pages by itself, down to the first message.
  await list.hover();
  // Forty pages to read: a busy machine needs its time, so the wheel turns until they are all in.
  const deadline = Date.now() + 100_000;
  const earlier = page.getByRole('button', { name: 'Load earlier messages' });
  while (Date.now() < deadline && !(await page.getByText('message 1', { exact: true }).isVisible())) {
    await page.mouse.wheel(0, -4000);
    await page.waitForTimeout(50);
    // At the top the next page comes by itself; the button is the way when it has not yet.
    if (await earlier.isVisible()) await earlier.click({ timeout: 2000 }).catch(() => {});
  }
  await expect(page.getByText('message 1', { exact: true })).toBeVisible();
  const rendered = await page.locator('.chat-list-item').count();
  expect(rendered).toBeLessThan(120);

  // A sweep from the top to the bottom, a frame at a time: how long each frame took.
  const frames = await list.evaluate(async (scroller) => {
    const times: number[] = [];
    let previous = performance.now();
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 2) {
      scroller.scrollTop += 600;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      times.push(now - previous);
      previous = now;
    }
    return times.sort((a, b) => a - b);
  });
  const at = (share: number) => frames[Math.min(frames.length - 1, Math.floor(frames.length * share))] ?? 0;
  console.log(
    `2,000 messages: ${rendered} in the page; sweep of ${frames.length} frames, p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`,
  );
  // The sweep crossed the whole conversation; how smooth it was is a figure to read, not a test: on a
  // machine kept busy by other work a frame takes what the machine gives. The list staying short
  // (above) is what keeps it smooth.
  expect(frames.length).toBeGreaterThan(50);
});
