import { sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../../db/client.ts';
import { callJson } from '../../../db/json-row.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { type LedgerEntry, preparePoints } from '../../quotas/index.ts';

/** A message as the model reads it: earlier turns, then the one being answered. */
export type Turn = { role: 'user' | 'assistant'; content: string; attachments: string[] };

export type ExchangeRequest = {
  conversation: {
    id: string;
    /** A conversation this send starts (written with it), else one that exists. */
    isNew: boolean;
    title: string;
    userId: number | null;
    visitorId: string | null;
    teamId: number;
    agentId: number;
  };
  /** Answer the last user message again, in place of its reply, instead of adding one. */
  regenerate: boolean;
  content: string;
  images: string[];
  model: { id: number; pointsPerRequest: number };
  /** How many earlier messages the model reads. */
  contextWindow: number;
  /** The server process that generates the reply. */
  ownerId: string;
  /**
   * Ends the conversation's reply if nothing generates it any more (its process is gone): true when
   * it did, and the send may go on.
   */
  takeBack: (conversationId: string) => Promise<boolean>;
};

export type Exchange = {
  userMessageId: number;
  /** The reply, `streaming`, with its points debited. */
  messageId: number;
  /** The context window of earlier turns, then the user message to answer. */
  turns: Turn[];
  debit: LedgerEntry & { messageId: number };
};

type Started = {
  replyId: number | null;
  askedId: number | null;
  /** The last user message, when regenerating: the one answered again. */
  askedBefore: { content: string; attachments: string[] } | null;
  history: Turn[];
  /** When nothing was written: the team's points row as it is now (null when it has none yet). */
  points?: { balance: number; isCurrent: boolean } | null;
};

/**
 * The database function `chat_start_exchange`: one call, so one round trip stands between a send and
 * its model call, with a plan made once per connection. It debits the model's points and, only then,
 * writes the conversation (when new), the user message, the `streaming` reply and the ledger row, and
 * reads the context window. Its body as it runs today is in `migrations/0014_reply_owners.sql` (which
 * added the process that owns the reply); `0008_chat_one_streaming.sql` first defined it and explains
 * each statement. A change to the send's rules is a new migration redefining it, named here.
 */
function startStatement({
  conversation: c,
  regenerate,
  content,
  images,
  model,
  contextWindow,
  ownerId,
}: ExchangeRequest) {
  return sql`select chat_start_exchange(${c.id}::text, ${c.isNew}::boolean, ${c.title}::text,
    ${c.userId}::integer, ${c.visitorId}::text, ${c.teamId}::integer, ${c.agentId}::integer,
    ${regenerate}::boolean, ${content}::text, ${JSON.stringify(images)}::jsonb, ${model.id}::integer,
    ${model.pointsPerRequest}::integer, ${contextWindow}::integer, ${ownerId}::text) as value`;
}

/** How often a send whose points row was missing or changing under it is tried again. */
const MAX_POINTS_TRIES = 3;

/**
 * Starts an exchange (`chat_start_exchange`). A team without this month's points row gets it first
 * (the free plan's seed, a new month's grant) and the send is tried again; so is one whose
 * conversation held a reply left `streaming` by a process that died, once that is failed and refunded.
 */
export async function startExchange(db: Db, request: ExchangeRequest): Promise<Exchange> {
  const { conversation } = request;
  // A reply left streaming is mended once; a points row missing or changing, a few times.
  let hasExpiredReply = false;
  let tries = 0;
  for (;;) {
    let started: Started;
    try {
      started = (await callJson<Started>(db, startStatement(request)))!;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (hasExpiredReply) throw new AppError('REPLY_IN_PROGRESS');
      // Tried again whether this send took the reply back or a sweep on some process just did: a reply
      // still being generated holds the conversation, and the second try says so.
      await request.takeBack(conversation.id);
      hasExpiredReply = true;
      continue;
    }
    if (started.replyId !== null && started.askedId !== null) {
      const asked: Turn = started.askedBefore
        ? { role: 'user', ...started.askedBefore }
        : { role: 'user', content: request.content, attachments: request.images };
      return {
        userMessageId: started.askedId,
        messageId: started.replyId,
        turns: [...started.history, asked],
        debit: {
          teamId: conversation.teamId,
          userId: conversation.userId,
          agentId: conversation.agentId,
          conversationId: conversation.id,
          messageId: started.replyId,
          modelId: request.model.id,
          points: request.model.pointsPerRequest,
        },
      };
    }
    if (request.regenerate && !started.askedBefore) {
      throw new AppError('BAD_REQUEST', {
        fields: [{ field: 'regenerate', message: 'nothing to regenerate' }],
      });
    }
    const points = started.points;
    const isShort = points?.isCurrent === true && points.balance < request.model.pointsPerRequest;
    // No debit, but the row read a moment later would have paid: a concurrent send made or renewed it
    // between the two reads (a new team's first sends at once). Such a send is tried again.
    if (!isShort && tries < MAX_POINTS_TRIES) {
      if (!points?.isCurrent) await preparePoints(db, conversation.teamId);
      tries += 1;
      continue;
    }
    // Nothing left of the month's quota, or less left than this model's reply costs.
    throw new AppError(points?.balance === 0 ? 'QUOTA_EXCEEDED' : 'POINTS_NOT_ENOUGH');
  }
}
