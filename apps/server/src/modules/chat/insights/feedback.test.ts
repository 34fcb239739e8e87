import { createHash, randomBytes } from 'node:crypto';
import { ERRORS } from '@tandem/contract/errors';
import { VISITOR_TOKEN_HEADER } from '@tandem/contract/system';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completeConfig, useFakeModels } from '../../../../test/agents.ts';
import { chatApi } from '../../../../test/chat.ts';
import { chatRows } from '../../../../test/chat-rows.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { conversations, messageFeedback } from '../../../db/schema.ts';

const ctx = useTestApp();
const fakes = useFakeModels(ctx);
const { call, data, team, agent, chatSetup, messagesOf } = chatApi(ctx, fakes);
const rows = () => chatRows(ctx.database.db);

const RATE = '/api/chat/message-feedback';
const rate = (token: string | undefined, body: object) => call('POST', RATE, token, body);

/** A team whose owner has a published agent, and a conversation of the owner with one finished reply. */
async function ratedSetup() {
  const people = await team();
  const created = await agent(people.owner.token, completeConfig(fakes.model.chat));
  const theAgent = { id: created.id, teamId: people.teamId };
  const conversationId = await rows().conversation(theAgent, { userId: people.owner.id });
  const { questionId, replyId } = await rows().exchange(conversationId, 'What is new?');
  return { ...people, agent: theAgent, conversationId, questionId, replyId };
}

describe('rating a reply', () => {
  it('likes a reply the model really gave, shows it in the messages, changes it to a dislike and clears it', async () => {
    const { owner, agentId } = await chatSetup();
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: agentId,
      content: 'hello',
    });
    await expect
      .poll(async () => (await messagesOf(owner.token, sent.conversation_id)).at(-1)?.status, {
        timeout: 10_000,
      })
      .toBe('done');

    const liked = await rate(owner.token, { message_id: sent.assistant_message_id, rating: 'like' });
    expect(liked.status).toBe(200);
    expect(liked.body.data).toEqual({
      message_id: sent.assistant_message_id,
      feedback: { rating: 'like', reason: null, comment: '' },
    });
    const [question, reply] = await messagesOf(owner.token, sent.conversation_id);
    expect(question!.feedback).toBeNull();
    expect(reply!.feedback).toEqual({ rating: 'like', reason: null, comment: '' });

    await data('POST', RATE, owner.token, {
      message_id: sent.assistant_message_id,
      rating: 'dislike',
      reason: 'misinformation',
      comment: '  The date is wrong.  ',
    });
    expect((await messagesOf(owner.token, sent.conversation_id)).at(-1)!.feedback).toEqual({
      rating: 'dislike',
      reason: 'misinformation',
      comment: 'The date is wrong.',
    });
    const stored = await ctx.database.db
      .select()
      .from(messageFeedback)
      .where(eq(messageFeedback.messageId, sent.assistant_message_id));
    expect(stored).toEqual([
      expect.objectContaining({
        agentId,
        conversationId: sent.conversation_id,
        rating: 'dislike',
      }),
    ]);

    await data('POST', RATE, owner.token, { message_id: sent.assistant_message_id, rating: null });
    expect((await messagesOf(owner.token, sent.conversation_id)).at(-1)!.feedback).toBeNull();
    // Clearing what is not there is no error.
    expect((await rate(owner.token, { message_id: sent.assistant_message_id, rating: null })).status).toBe(
      200,
    );
  });

  it('keeps each reply’s own feedback in a conversation of several', async () => {
    const { owner, conversationId, replyId } = await ratedSetup();
    const second = await rows().exchange(conversationId, 'And then?');
    await data('POST', RATE, owner.token, { message_id: second.replyId, rating: 'like' });
    await data('POST', RATE, owner.token, { message_id: replyId, rating: 'dislike', reason: 'irrelevant' });
    const feedback = (await messagesOf(owner.token, conversationId)).map((m) => [m.role, m.feedback?.rating]);
    expect(feedback).toEqual([
      ['user', undefined],
      ['assistant', 'dislike'],
      ['user', undefined],
      ['assistant', 'like'],
    ]);
  });

  it('refuses a dislike without a reason, and `other` without a comment, naming the field', async () => {
    const { owner, replyId } = await ratedSetup();
    const noReason = await rate(owner.token, { message_id: replyId, rating: 'dislike' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({
      code: ERRORS.FEEDBACK_REASON_REQUIRED.code,
      data: { fields: [{ field: 'reason', code: ERRORS.FEEDBACK_REASON_REQUIRED.code }] },
    });
    const noComment = await rate(owner.token, {
      message_id: replyId,
      rating: 'dislike',
      reason: 'other',
      comment: '  ',
    });
    expect(noComment.status).toBe(400);
    expect(noComment.body).toMatchObject({
      code: ERRORS.FEEDBACK_COMMENT_REQUIRED.code,
      data: { fields: [{ field: 'comment' }] },
    });
    const unknown = await rate(owner.token, { message_id: replyId, rating: 'dislike', reason: 'boring' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: ERRORS.BAD_REQUEST.code,
      data: { fields: [{ field: 'reason' }] },
    });
    const tooLong = await rate(owner.token, {
      message_id: replyId,
      rating: 'dislike',
      reason: 'other',
      comment: 'x'.repeat(501),
    });
    expect(tooLong.body).toMatchObject({
      code: ERRORS.BAD_REQUEST.code,
      data: { fields: [{ field: 'comment' }] },
    });

    const other = await rate(owner.token, {
      message_id: replyId,
      rating: 'dislike',
      reason: 'other',
      comment: 'Rude',
    });
    expect(other.body.data.feedback).toEqual({ rating: 'dislike', reason: 'other', comment: 'Rude' });
    // A like keeps neither reason nor comment.
    const like = await rate(owner.token, {
      message_id: replyId,
      rating: 'like',
      reason: 'bias',
      comment: 'x',
    });
    expect(like.body.data.feedback).toEqual({ rating: 'like', reason: null, comment: '' });
  });

  it('lets only the conversation’s owner rate: anyone else finds no such message', async () => {
    const { owner, member, replyId, conversationId } = await ratedSetup();
    const colleague = await member();
    const stranger = (await team('Elsewhere')).owner;
    for (const who of [colleague, stranger]) {
      const answer = await rate(who.token, { message_id: replyId, rating: 'like' });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe(ERRORS.MESSAGE_NOT_FOUND.code);
    }
    expect((await rate(undefined, { message_id: replyId, rating: 'like' })).status).toBe(401);
    expect((await rate(owner.token, { message_id: 2_000_000_000, rating: 'like' })).body.code).toBe(
      ERRORS.MESSAGE_NOT_FOUND.code,
    );
    // A deleted conversation's replies are gone for its owner too.
    await ctx.database.db
      .update(conversations)
      .set({ deletedAt: new Date() })
      .where(eq(conversations.id, conversationId));
    expect((await rate(owner.token, { message_id: replyId, rating: 'like' })).body.code).toBe(
      ERRORS.MESSAGE_NOT_FOUND.code,
    );
    const stored = await ctx.database.db
      .select()
      .from(messageFeedback)
      .where(eq(messageFeedback.messageId, replyId));
    expect(stored).toEqual([]);
  });

  it('lets a visitor rate the replies of their own conversation, and no other visitor', async () => {
    const { agent: theAgent } = await ratedSetup();
    const visitor = { [VISITOR_TOKEN_HEADER]: randomBytes(32).toString('base64url') };
    const conversationId = await rows().conversation(theAgent, {
      visitorId: createHash('sha256').update(visitor[VISITOR_TOKEN_HEADER]).digest('hex'),
    });
    const { replyId } = await rows().exchange(conversationId, 'Hello?');
    const liked = await call('POST', RATE, undefined, { message_id: replyId, rating: 'like' }, visitor);
    expect(liked.body.data.feedback).toMatchObject({ rating: 'like' });
    const another = { [VISITOR_TOKEN_HEADER]: randomBytes(32).toString('base64url') };
    const refused = await call('POST', RATE, undefined, { message_id: replyId, rating: null }, another);
    expect(refused.body.code).toBe(ERRORS.MESSAGE_NOT_FOUND.code);
  });

  it('rates only finished replies: not a question, a streaming or failed reply, nor one regenerated away', async () => {
    const { owner, conversationId, questionId } = await ratedSetup();
    const streaming = await rows().exchange(conversationId, 'a', new Date(), { status: 'streaming' });
    const failed = await rows().exchange(conversationId, 'b', new Date(), {
      status: 'failed',
      errorCode: 2005,
    });
    const replaced = await rows().exchange(conversationId, 'c', new Date(), { replacedAt: new Date() });
    const stopped = await rows().exchange(conversationId, 'd', new Date(), { status: 'stopped' });
    for (const messageId of [questionId, streaming.replyId, failed.replyId, replaced.replyId]) {
      const answer = await rate(owner.token, { message_id: messageId, rating: 'like' });
      expect(answer.status, `message ${messageId}`).toBe(409);
      expect(answer.body.code).toBe(ERRORS.MESSAGE_NOT_RATABLE.code);
    }
    expect((await rate(owner.token, { message_id: stopped.replyId, rating: 'like' })).status).toBe(200);
  });
});
