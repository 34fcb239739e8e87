import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { chatMessages, conversations, messageFeedback, pointsLedger } from '../src/db/schema.ts';

/**
 * Chat rows written straight to the database, at the times a test chooses: conversations, messages,
 * ledger rows and feedback as chat would have left them, without a model.
 */
export function chatRows(db: Db) {
  /** A conversation of a user (or, with `visitorId`, a visitor) with the agent. */
  async function conversation(
    agent: { id: number; teamId: number },
    who: { userId: number } | { visitorId: string },
    at = new Date(),
  ) {
    const id = randomBytes(12).toString('base64url');
    await db.insert(conversations).values({
      id,
      teamId: agent.teamId,
      agentId: agent.id,
      title: 'Seeded',
      createdAt: at,
      updatedAt: at,
      ...('userId' in who ? { userId: who.userId } : { visitorId: who.visitorId }),
    });
    return id;
  }

  /** A user message and its reply (`done` unless told), both at `at`. */
  async function exchange(
    conversationId: string,
    question: string,
    at = new Date(),
    reply: Partial<typeof chatMessages.$inferInsert> = {},
  ) {
    const [asked] = await db
      .insert(chatMessages)
      .values({ conversationId, role: 'user', content: question, createdAt: at })
      .returning({ id: chatMessages.id });
    const [answered] = await db
      .insert(chatMessages)
      .values({
        conversationId,
        role: 'assistant',
        content: `Echo: ${question}`,
        status: 'done',
        parentId: asked!.id,
        createdAt: at,
        ...reply,
      })
      .returning({ id: chatMessages.id });
    return { questionId: asked!.id, replyId: answered!.id };
  }

  /** A debit (negative) or refund (positive) of the agent's team for a reply of the agent. */
  async function ledger(agent: { id: number; teamId: number }, points: number, at: Date) {
    await db.insert(pointsLedger).values({
      teamId: agent.teamId,
      agentId: agent.id,
      points,
      reason: points < 0 ? 'chat_reply' : 'chat_refund',
      createdAt: at,
    });
  }

  /** Feedback on a reply, last given at `at`. */
  async function feedback(
    agentId: number,
    conversationId: string,
    messageId: number,
    rating: 'like' | 'dislike',
    at: Date,
    reason: string | null = rating === 'dislike' ? 'inaccurate' : null,
  ) {
    await db
      .insert(messageFeedback)
      .values({ messageId, conversationId, agentId, rating, reason, createdAt: at, updatedAt: at });
  }

  return { conversation, exchange, ledger, feedback };
}
