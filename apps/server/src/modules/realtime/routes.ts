import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { envelope } from '@tandem/contract/envelope';
import {
  chatChannel,
  comAgentChannel,
  comChatChannelBody,
  parseComAgentChannel,
  REALTIME_API,
  subscribeChatTokenBody,
  subscribeComChatTokenBody,
  tokenData,
} from '@tandem/contract/realtime';
import { CHANNEL_NAMESPACES } from '@tandem/contract/realtime-channels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { chatterOf, realtimeSubjectOf, requireChatter } from '../../platform/auth/chatter.ts';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { isSessionLive, sessionOwners } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AccessChange, AccessWatch } from '../../platform/realtime/access-changes.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';

const answer = { 200: envelope(tokenData) };
/** How long a signed-out session's connections stay, so the notice of the sign-out reaches them. */
const SIGN_OUT_NOTICE_MS = 300;

/**
 * The token calls of the realtime client: a connection token for the
 * signed-in user, subscription tokens for the channels they may read, and the channel of a common
 * agent. Every call needs a session, but for a visitor's (a web-public agent's chat) connection and
 * conversation tokens.
 */
export const realtimeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  realtime: Realtime;
  access?: AccessWatch;
}> = async (app, { db, realtime, access }) => {
  const signedIn = { onRequest: requireSession(db) };
  const chatting = { onRequest: requireChatter(db) };

  /**
   * Access taken away reaches open realtime connections too: a signed-out session's connections close
   * for good, and a user loses the conversation channels they may no longer read.
   */
  async function recheck(change: AccessChange) {
    const { hub } = realtime;
    const users = new Set((change.userIds ?? []).map(String));
    const sessions = new Set(change.sessionIds ?? []);
    if (users.size === 0 && sessions.size === 0) return;
    // The notification telling a signed-out device why (published right after the sign-out) goes first.
    await setTimeout(SIGN_OUT_NOTICE_MS);
    if (!hub) {
      // Centrifugo knows connections by user only: all of theirs close, and come back with new tokens.
      for (const userId of await sessionOwners(db, [...sessions])) users.add(String(userId));
      await realtime.disconnectUsers?.([...users]);
      return;
    }
    await hub.recheck(
      ({ userId, sessionId }) => users.has(userId) || (sessionId !== undefined && sessions.has(sessionId)),
      async ({ sessionId }) => sessionId === undefined || isSessionLive(db, sessionId),
      async (userId, channel) =>
        !channel.startsWith(`${CHANNEL_NAMESPACES.chat}:`) ||
        realtime.mayRead({ userId: Number(userId), visitorId: null }, channel),
    );
  }
  const stopRecheck = access?.onChange(recheck);
  app.addHook('onClose', async () => stopRecheck?.());

  // The session's id goes into the token: its end closes the connection.
  app.post(REALTIME_API.clientToken, { ...chatting, schema: { response: answer } }, async (request) =>
    ok(
      await realtime.tokens.connection(
        realtimeSubjectOf(chatterOf(request)),
        undefined,
        request.session?.sessionId,
      ),
    ),
  );

  /** A conversation's chat stream, for a user or visitor the chat module admits to it. */
  app.post(
    REALTIME_API.chatToken,
    { ...chatting, schema: { body: subscribeChatTokenBody, response: answer } },
    async (request) => {
      const chatter = chatterOf(request);
      const channel = chatChannel(request.body.conversation_id);
      if (!(await realtime.mayRead(chatter, channel))) throw new AppError('FORBIDDEN');
      return ok(await realtime.tokens.subscription(realtimeSubjectOf(chatter), channel));
    },
  );

  /** A common agent's channel, only the caller's own (its name ends in `#<their id>`). */
  app.post(
    REALTIME_API.comChatToken,
    { ...signedIn, schema: { body: subscribeComChatTokenBody, response: answer } },
    async (request) => {
      const { userId } = sessionOf(request);
      const { channel } = request.body;
      const parsed = parseComAgentChannel(channel);
      if (!parsed) {
        throw new AppError('BAD_REQUEST', {
          fields: [{ field: 'channel', message: 'not a common agent channel' }],
        });
      }
      if (parsed.userId !== userId) throw new AppError('FORBIDDEN');
      return ok(await realtime.tokens.subscription(userId, channel));
    },
  );

  /** A fresh channel per call, so two requests (or two tabs) never read each other's stream. */
  app.post(
    REALTIME_API.comChatChannel,
    { ...signedIn, schema: { body: comChatChannelBody, response: answer } },
    async (request) => {
      const nonce = randomBytes(12).toString('base64url');
      return ok(comAgentChannel(request.body.com_agent_key, nonce, sessionOf(request).userId));
    },
  );
};
