import { expect, type Page, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { call } from '../support/api-calls.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { dialogWith, signIn } from '../support/sign-in.ts';

const c = MESSAGES['en-US'].chat;

/** The shell's padding under the page: 24 px on a desktop, 16 px on a phone. */
const bottomPadding = (width: number) => (width <= 640 ? 16 : 24);

type Box = { top: number; bottom: number };
const boxOf = async (page: Page, selector: string): Promise<Box> => {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  return { top: box.y, bottom: box.y + box.height };
};

/** A conversation of `count` exchanges, made through the API; answers its id. */
async function conversationWith(
  request: Parameters<typeof registerWithToken>[0],
  token: string,
  agentKey: string,
  count: number,
) {
  let conversationId: string | undefined;
  for (let n = 1; n <= count; n++) {
    const sent = await call<{ conversation_id: string }>(
      request,
      token,
      'POST',
      '/api/chat/agent-send-message',
      {
        ...(conversationId ? { conversation_id: conversationId } : { agent_key: agentKey }),
        content: `Question number ${n}`,
      },
    );
    conversationId = sent.conversation_id;
    await expect
      .poll(async () => {
        const page = await call<{ data: { status: string }[] }>(
          request,
          token,
          'GET',
          `/api/chat/get-conversation-messages?conversation_id=${conversationId}&page_size=1`,
        );
        return page.data.at(-1)?.status;
      })
      .toBe('done');
  }
  return conversationId!;
}

test('the composer sits at the bottom and the messages fill the space above it, on desktops and a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await registerWithToken(request, 'e2e-composer-layout');
  const agent = await publishedAgent(request, owner.token);
  const short = await conversationWith(request, owner.token, agent.agent_key, 1);
  const long = await conversationWith(request, owner.token, agent.agent_key, 12);
  await signIn(page, owner.email);

  for (const size of [
    { width: 1440, height: 900 },
    { width: 1920, height: 1080 },
    { width: 390, height: 844 },
  ]) {
    for (const [conversationId, lastText] of [
      [short, 'Echo: Question number 1'],
      [long, 'Echo: Question number 12'],
    ] as const) {
      // A fresh page each time, signed in by the same context: the layout is measured, not what
      // leaving a page with calls still under way does.
      const view = await page.context().newPage();
      await view.setViewportSize(size);
      await view.goto(`/chat?agent_key=${agent.agent_key}&conversation_id=${conversationId}`);
      await expect(view.getByText(lastText)).toBeVisible();
      const composer = await boxOf(view, '.chat-composer-area');
      const list = await boxOf(view, '[role="log"]');
      const where = `${size.width}x${size.height}, ${lastText}`;
      // At the bottom, less the page's padding (a pixel or two of rounding).
      expect(Math.abs(size.height - bottomPadding(size.width) - composer.bottom), where).toBeLessThanOrEqual(
        2,
      );
      // The messages end where the composer starts: no empty band between them.
      expect(composer.top - list.bottom, where).toBeGreaterThanOrEqual(0);
      expect(composer.top - list.bottom, where).toBeLessThanOrEqual(12);
      // And the page itself does not scroll.
      expect(
        await view.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight),
        where,
      ).toBe(true);
      await view.close();
    }
  }
});

test('opening a chat focuses the composer; the rename dialog selects the title; nothing focuses the user menu on a load', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerWithToken(request, 'e2e-composer-focus');
  const agent = await publishedAgent(request, owner.token);
  const conversationId = await conversationWith(request, owner.token, agent.agent_key, 1);
  await signIn(page, owner.email);

  // A page loaded: focus is not put on the user menu (whose ring showed after every load).
  await page.goto('/dashboard');
  await expect(page.locator('.user-menu__trigger').first()).toBeVisible();
  await expect(page.locator('.user-menu__trigger').first()).not.toBeFocused();

  const box = page.getByRole('textbox', { name: c.message_label });
  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  await expect(box).toBeFocused();
  await page.goto(`/chat?agent_key=${agent.agent_key}&conversation_id=${conversationId}`);
  await expect(page.getByText('Echo: Question number 1')).toBeVisible();
  await expect(box).toBeFocused();

  // Another conversation opened from the list takes the focus to the composer too.
  await page.getByRole('button', { name: c.new_conversation }).first().click();
  await expect(box).toBeFocused();

  await page.getByRole('button', { name: fill(c.rename_named, { title: 'Question number 1' }) }).click();
  const title = dialogWith(page, c.rename_title).getByRole('textbox', { name: c.title_label });
  await expect(title).toBeFocused();
  await expect
    .poll(() => title.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]))
    .toEqual([0, 'Question number 1'.length]);
  // Typing replaces the whole title.
  await page.keyboard.type('Renamed');
  await expect(title).toHaveValue('Renamed');
});

test('a reply is regenerated twice, 3/3; going back to 1/3 shows the first text, and a reload keeps it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerWithToken(request, 'e2e-composer-versions');
  const agent = await publishedAgent(request, owner.token);
  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);

  const box = page.getByRole('textbox', { name: c.message_label });
  await box.fill('/take');
  await box.press('Enter');
  const reply = page.locator('.chat-message.is-assistant').last();
  await expect(reply.getByText(/^Take \d+$/)).toBeVisible();
  const first = (await reply.locator('.chat-markdown').innerText()).trim();

  const regenerate = page.getByRole('button', { name: c.regenerate });
  const count = reply.locator('.chat-reply-versions-count');
  await regenerate.click();
  await expect(count).toHaveText('2/2');
  await expect(regenerate).toBeEnabled();
  await regenerate.click();
  await expect(count).toHaveText('3/3');
  await expect(reply.getByText(/^Take \d+$/)).not.toHaveText(first);
  const third = (await reply.locator('.chat-markdown').innerText()).trim();

  const previous = reply.getByRole('button', { name: c.previous_version });
  await previous.click();
  await expect(count).toHaveText('2/3');
  await previous.click();
  await expect(count).toHaveText('1/3');
  await expect(reply.locator('.chat-markdown')).toHaveText(first);
  await expect(previous).toBeDisabled();

  await page.reload();
  await expect(count).toHaveText('1/3');
  await expect(reply.locator('.chat-markdown')).toHaveText(first);
  await reply.getByRole('button', { name: c.next_version }).click();
  await reply.getByRole('button', { name: c.next_version }).click();
  await expect(count).toHaveText('3/3');
  await expect(reply.locator('.chat-markdown')).toHaveText(third);
});

test('reply actions are 32 px targets with tooltips, reached by the keyboard; code blocks have a copy button', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerWithToken(request, 'e2e-composer-actions');
  const agent = await publishedAgent(request, owner.token);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  const box = page.getByRole('textbox', { name: c.message_label });
  // The echo starts with "Echo: ", so the fence goes on a line of its own.
  await box.fill('Run this:\n\n```python\nprint("hi")\n```');
  await box.press('Enter');

  const reply = page.locator('.chat-message.is-assistant').last();
  await expect(reply.locator('.markdown-code__language')).toHaveText('python');
  for (const name of [c.copy, c.regenerate, c.like, c.dislike]) {
    const action = reply.getByRole('button', { name, exact: true });
    const size = await action.boundingBox();
    expect(size?.width, name).toBeGreaterThanOrEqual(28);
    expect(size?.height, name).toBeGreaterThanOrEqual(28);
  }

  // Tab from the copy button reaches regenerate, whose tooltip names it.
  await reply.getByRole('button', { name: c.copy, exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(reply.getByRole('button', { name: c.regenerate })).toBeFocused();
  await expect(page.getByRole('tooltip', { name: c.regenerate })).toBeVisible();

  await reply.getByRole('button', { name: c.copy_code }).click();
  await expect(reply.getByRole('button', { name: c.code_copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('print("hi")');
});
