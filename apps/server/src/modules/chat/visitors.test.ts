import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tandem/contract/errors';
import { VISITOR_TOKEN_HEADER } from '@tandem/contract/system';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useFakeModels } from '../../../test/agents.ts';
import { chatApi } from '../../../test/chat.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { pointsLedger } from '../../db/schema.ts';
import { VISITOR_SEND_LIMIT } from './routes.ts';

const ctx = useTestApp();
const fakes = useFakeModels(ctx);
const { call, balanceOf, chatSetup, messagesOf, settledReply } = chatApi(ctx, fakes);

const POINTS = 3; // the fake models' points per request
const newVisitor = () => ({ [VISITOR_TOKEN_HEADER]: randomBytes(32).toString('base64url') });

const asVisitor = (visitor: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
  call(method, url, undefined, payload, visitor);

describe('visitors of a web-public agent', () => {
  it('chat without an account, on the agent team’s points, and only see their own conversations', async () => {
    const { owner, agentId, agentKey } = await chatSetup('chat', { access: 'web_public' });
    const visitor = newVisitor();
    const sent = await asVisitor(visitor, 'POST', '/api/chat/agent-send-message', {
      agent_key: agentKey,
      content: 'hello from the web',
    });
    expect(sent.status).toBe(200);
    const { conversation_id } = sent.body.data;
    await settledReply(visitor, conversation_id);
    const messages = await messagesOf(visitor, conversation_id);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'hello from the web'],
      ['assistant', 'Echo: hello from the web'],
    ]);

    // The owner's team paid; the ledger row names no user.
    expect(await balanceOf(owner.token)).toBe(1000 - POINTS);
    const ledger = await ctx.database.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.conversationId, conversation_id));
    expect(ledger).toMatchObject([{ userId: null, points: -POINTS, reason: 'chat_reply' }]);

    const list = await asVisitor(visitor, 'GET', `/api/chat/get-conversation-list?agent_id=${agentId}`);
    expect(list.body.data.total).toBe(1);

    // Another visitor, or the agent's owner, does not see it.
    const stranger = newVisitor();
    const theirs = await asVisitor(stranger, 'GET', `/api/chat/get-conversation-list?agent_id=${agentId}`);
    expect(theirs.body.data.total).toBe(0);
    const read = await asVisitor(
      stranger,
      'GET',
      `/api/chat/get-conversation-messages?conversation_id=${conversation_id}`,
    );
    expect(read.body.code).toBe(ERRORS.CONVERSATION_NOT_FOUND.code);
    const token = await asVisitor(stranger, 'POST', '/api/socket/subscribe-chat-token', { conversation_id });
    expect(token.status).toBe(403);

    // Their own browser gets a connection and the conversation's channel.
    const connection = await asVisitor(visitor, 'POST', '/api/socket/get-client-token');
    expect(connection.body.data).toEqual(expect.any(String));
    const channel = await asVisitor(visitor, 'POST', '/api/socket/subscribe-chat-token', { conversation_id });
    expect(channel.body.data).toEqual(expect.any(String));
  });

  it('may not chat with a team agent', async () => {
    const { agentKey } = await chatSetup('chat', { access: 'team_public' });
    const sent = await asVisitor(newVisitor(), 'POST', '/api/chat/agent-send-message', {
      agent_key: agentKey,
      content: 'let me in',
    });
    expect(sent.body.code).toBe(ERRORS.AGENT_NOT_FOUND.code);
  });

  it('need a well-formed visitor token, and may not ask for anything else', async () => {
    const { agentKey } = await chatSetup('chat', { access: 'web_public' });
    const none = await call('POST', '/api/chat/agent-send-message', undefined, {
      agent_key: agentKey,
      content: 'hi',
    });
    expect(none.status).toBe(401);
    const short = await asVisitor({ [VISITOR_TOKEN_HEADER]: 'abc' }, 'POST', '/api/chat/agent-send-message', {
      agent_key: agentKey,
      content: 'hi',
    });
    expect(short.status).toBe(401);
    const account = await asVisitor(newVisitor(), 'GET', '/api/user/account');
    expect(account.status).toBe(401);
  });

  it('are limited in how many messages an address sends', async () => {
    const { agentKey } = await chatSetup('chat', { access: 'web_public' });
    const codes: number[] = [];
    for (let sent = 0; sent <= VISITOR_SEND_LIMIT.max; sent++) {
      // A new token each time: the limit is the address's.
      const answer = await asVisitor(newVisitor(), 'POST', '/api/chat/agent-send-message', {
        agent_key: agentKey,
        content: `message ${sent}`,
      });
      codes.push(answer.body.code);
    }
    // Earlier tests' messages came from the same address: the limit is reached within the loop.
    expect(codes).toContain(ERRORS.RATE_LIMITED.code);
    expect(codes.filter((code) => code !== ERRORS.RATE_LIMITED.code).length).toBeLessThan(
      VISITOR_SEND_LIMIT.max,
    );
    expect(codes.filter((code) => code !== ERRORS.RATE_LIMITED.code).every((code) => code === 0)).toBe(true);
  });
});
