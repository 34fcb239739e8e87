import { expect, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { call } from '../support/api-calls.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { MESSAGES } from '../support/messages.ts';
import { signIn } from '../support/sign-in.ts';

const ja = MESSAGES['ja-JP'];

test('at 390 px the Japanese chat header keeps to one row and its points text to one line', async ({
  page,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-chat-layout-ja');
  await call(request, owner.token, 'POST', '/api/user/update-user-preference', { language_id: 4 });
  const agent = await publishedAgent(request, owner.token);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  const box = page.getByRole('textbox', { name: ja.chat.message_label });
  await expect(box).toHaveAttribute('placeholder', ja.chat.placeholder_touch);
  await box.fill('Hello there');
  await box.press('Enter');
  await expect(page.getByText('Echo: Hello there')).toBeVisible();
  const header = page.locator('header.chat-agent');
  await expect(header.getByRole('button', { name: ja.chat.conversation_actions })).toBeVisible();
  // One row: no taller than its avatar, name and points-per-message line.
  expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64);
  const points = header.locator('.chat-points__short');
  expect((await points.boundingBox())?.height).toBeLessThanOrEqual(24);
  const perMessage = header.locator('.chat-agent-text .ant-tag');
  expect((await perMessage.boundingBox())?.height).toBeLessThanOrEqual(24);
});

test('at 1440 px the web preview leaves the conversation a fair share, and its separator resizes it', async ({
  page,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-chat-layout-web');
  const agent = await publishedAgent(request, owner.token);
  // A ready version of the conversation's page, whatever the test model writes.
  await page.route('**/api/chat/get-site-versions*', (route) =>
    route.fulfill({
      json: {
        code: 0,
        msg: 'ok',
        data: {
          data: [
            {
              version: 1,
              status: 'ready',
              created_at: '2026-12-07T04:00:00Z',
              message_id: null,
              errors: [],
              preview_url: 'about:blank',
              shared: false,
              share_url: null,
            },
          ],
          total: 1,
        },
      },
    }),
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  const box = page.getByRole('textbox', { name: MESSAGES['en-US'].chat.message_label });
  await box.fill('Hello there');
  await box.press('Enter');
  const panel = page.locator('aside.site-panel');
  await expect(panel).toBeVisible();
  const chat = page.locator('section.chat-main');
  // It had 340 px.
  expect((await chat.boundingBox())?.width).toBeGreaterThanOrEqual(440);

  const separator = panel.getByRole('separator');
  const before = (await panel.boundingBox())?.width ?? 0;
  const handle = await separator.boundingBox();
  if (!handle) throw new Error('no separator');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x - 60, handle.y + handle.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await panel.boundingBox())?.width).toBeGreaterThan(before + 40);
  await separator.press('ArrowRight');
  await separator.press('ArrowRight');
  await expect.poll(async () => (await panel.boundingBox())?.width).toBeLessThan(before + 20);
  expect((await chat.boundingBox())?.width).toBeGreaterThanOrEqual(400);
});
