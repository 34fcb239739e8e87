import { ERRORS } from '@tandem/contract/errors';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useFakeModels, watchedLlm } from '../../../../test/agents.ts';
import { chatApi } from '../../../../test/chat.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { chatMessages } from '../../../db/schema.ts';
import type { LlmRequest } from '../../../platform/llm/llm.ts';

const requests: LlmRequest[] = [];
const ctx = useTestApp({}, (config) => ({ llm: watchedLlm(ctx, config, requests) }));
const fakes = useFakeModels(ctx);
const { call, data, balanceOf, chatSetup, messagesPage, messagesOf, settledReply } = chatApi(ctx, fakes);

const FREE_POINTS = 1000;
const POINTS = 3; // the fake models' points per request
const SELECT = '/api/chat/select-reply-version';

async function send(token: string, payload: object) {
  const sent = await data('POST', '/api/chat/agent-send-message', token, payload);
  await settledReply(token, sent.conversation_id);
  return sent as { conversation_id: string; user_message_id: number; assistant_message_id: number };
}

/** A conversation whose one question (`/take`, answered `Take N`) was answered, then regenerated twice. */
async function regeneratedTwice() {
  const setup = await chatSetup();
  const first = await send(setup.owner.token, { agent_id: setup.agentId, content: '/take' });
  const conversationId = first.conversation_id;
  const second = await send(setup.owner.token, { conversation_id: conversationId, regenerate: true });
  const third = await send(setup.owner.token, { conversation_id: conversationId, regenerate: true });
  const ids = [first, second, third].map((sent) => sent.assistant_message_id);
  const texts = await Promise.all(ids.map((id) => contentOf(id)));
  return { ...setup, conversationId, ids, texts };
}

async function contentOf(messageId: number) {
  const [row] = await ctx.database.db
    .select({ content: chatMessages.content })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId));
  return row!.content;
}

describe('regenerated replies keep their earlier versions', () => {
  it('lists every version on the shown reply, the newest shown, one point charge per reply', async () => {
    const { owner, conversationId, ids, texts } = await regeneratedTwice();
    expect(new Set(texts).size).toBe(3);
    const { data: messages, total } = await messagesPage(owner.token, conversationId);
    expect(total).toBe(2);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]).toMatchObject({ id: ids[2], content: texts[2], versions: ids });
    // The question has one version: no `versions` on it, nor on a reply never regenerated.
    expect(messages[0]!.versions).toBeUndefined();
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS - 3 * POINTS);
  });

  it('shows a chosen earlier version from then on, and the model reads it next', async () => {
    const { owner, conversationId, ids, texts } = await regeneratedTwice();
    const chosen = await data('POST', SELECT, owner.token, {
      conversation_id: conversationId,
      message_id: ids[0],
    });
    expect(chosen).toMatchObject({ id: ids[0], content: texts[0], versions: ids, status: 'done' });
    const messages = await messagesOf(owner.token, conversationId);
    expect(messages.map((m) => m.content)).toEqual(['/take', texts[0]]);

    await send(owner.token, { conversation_id: conversationId, content: 'and then?' });
    expect(requests.at(-1)!.messages.slice(-3)).toEqual([
      { role: 'user', content: '/take' },
      { role: 'assistant', content: texts[0] },
      { role: 'user', content: 'and then?' },
    ]);
    // Choosing costs nothing.
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS - 4 * POINTS);
  });

  it('adds a regeneration after the others, whichever version was shown', async () => {
    const { owner, conversationId, ids } = await regeneratedTwice();
    await data('POST', SELECT, owner.token, { conversation_id: conversationId, message_id: ids[0] });
    const fourth = await send(owner.token, { conversation_id: conversationId, regenerate: true });
    const messages = await messagesOf(owner.token, conversationId);
    expect(messages.map((m) => m.id)).toHaveLength(2);
    expect(messages[1]).toMatchObject({
      id: fourth.assistant_message_id,
      versions: [...ids, fourth.assistant_message_id],
    });
  });

  it('keeps a share as it was shared when another version is chosen later', async () => {
    const { owner, conversationId, ids, texts } = await regeneratedTwice();
    await data('POST', SELECT, owner.token, { conversation_id: conversationId, message_id: ids[1] });
    const link = await data('POST', '/api/chat/share-conversation', owner.token, {
      conversation_id: conversationId,
    });
    await data('POST', SELECT, owner.token, { conversation_id: conversationId, message_id: ids[0] });
    const shared = await data(
      'GET',
      `/api/chat/get-shared-conversation?share_code=${link.share_code}`,
      owner.token,
    );
    expect(shared.messages.map((m: { content: string }) => m.content)).toEqual(['/take', texts[1]]);
    const shares = await data(
      'GET',
      `/api/chat/get-conversation-shares?conversation_id=${conversationId}`,
      owner.token,
    );
    expect(shares.data[0]).toMatchObject({ message_count: 2 });
  });

  it("refuses another's conversation (2010), a question (2012), and a reply still being written (2011)", async () => {
    const { owner, conversationId, ids, member } = await regeneratedTwice();
    const other = await member();
    const foreign = await call('POST', SELECT, other.token, {
      conversation_id: conversationId,
      message_id: ids[0],
    });
    expect(foreign.body.code).toBe(ERRORS.CONVERSATION_NOT_FOUND.code);
    const [question] = await messagesOf(owner.token, conversationId);
    const asked = await call('POST', SELECT, owner.token, {
      conversation_id: conversationId,
      message_id: question!.id,
    });
    expect(asked.body.code).toBe(ERRORS.MESSAGE_NOT_FOUND.code);

    const slow = await chatSetup('slow');
    const first = await send(slow.owner.token, { agent_id: slow.agentId, content: 'one two three' });
    const again = await data('POST', '/api/chat/agent-send-message', slow.owner.token, {
      conversation_id: first.conversation_id,
      regenerate: true,
    });
    const busy = await call('POST', SELECT, slow.owner.token, {
      conversation_id: first.conversation_id,
      message_id: first.assistant_message_id,
    });
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe(ERRORS.REPLY_IN_PROGRESS.code);
    await settledReply(slow.owner.token, again.conversation_id);
  });
});
