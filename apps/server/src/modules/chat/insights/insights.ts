import {
  type AgentAnalysisData,
  ANALYSIS_RANGE_MAX_DAYS,
  type AnalysisCounts,
  type AnalysisDay,
  type agentAnalysisQuery,
  type agentFeedbackQuery,
  type FeedbackEntry,
} from '@tandem/contract/chat-insights';
import { ERRORS } from '@tandem/contract/errors';
import { type AnyColumn, and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import {
  chatMessages,
  conversations,
  messageFeedback,
  pointsLedger,
  teamMembers,
  users,
} from '../../../db/schema.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { AgentRow } from '../../agent/index.ts';
import { personColumns, personName } from '../../team/index.ts';
import { presentFeedback } from './feedback.ts';

const DAY_MS = 86_400_000;

/** The IANA name as Intl spells it, or a 400: PostgreSQL would fail the query on a name it lacks. */
function canonicalTimeZone(timeZone: string) {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw timeZoneInvalid();
  }
}

const timeZoneInvalid = () =>
  new AppError('TIME_ZONE_INVALID', {
    fields: [{ field: 'time_zone', message: 'unknown time zone', code: ERRORS.TIME_ZONE_INVALID.code }],
  });

/** Every calendar day from `start` to `end`, both included, as `YYYY-MM-DD`. */
function calendarDays(start: string, end: string) {
  const first = Date.parse(`${start}T00:00:00Z`);
  const last = Date.parse(`${end}T00:00:00Z`);
  const days = (last - first) / DAY_MS + 1;
  if (days < 1 || days > ANALYSIS_RANGE_MAX_DAYS) {
    throw new AppError('ANALYSIS_RANGE_INVALID', {
      fields: [
        {
          field: days < 1 ? 'end_date' : 'start_date',
          message: `1 to ${ANALYSIS_RANGE_MAX_DAYS} days`,
          code: ERRORS.ANALYSIS_RANGE_INVALID.code,
        },
      ],
    });
  }
  return Array.from({ length: days }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
}

/** PostgreSQL's invalid_parameter_value, as it answers a time zone it does not know. */
const isUnknownTimeZone = (error: unknown) => {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '22023') return true;
  }
  return false;
};

const ZERO: AnalysisCounts = {
  conversations: 0,
  messages: 0,
  active_users: 0,
  points: 0,
  likes: 0,
  dislikes: 0,
};

/**
 * The agent's use per day in the caller's time zone: conversations started, user messages, distinct
 * users or visitors who wrote, points spent (debits less refunds) and likes and dislikes (by when
 * they were last given). Four grouped queries over the range, whatever its length; days without
 * anything are zeros.
 */
export async function analyseAgent(
  db: Db,
  agent: AgentRow,
  query: z.infer<typeof agentAnalysisQuery>,
): Promise<AgentAnalysisData> {
  const dates = calendarDays(query.start_date, query.end_date);
  const timeZone = canonicalTimeZone(query.time_zone);
  const localDay = (column: AnyColumn) =>
    sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`.as('day');
  const inRange = (column: AnyColumn) =>
    and(
      gte(column, sql`(${query.start_date}::date)::timestamp at time zone ${timeZone}`),
      lt(column, sql`(${query.end_date}::date + 1)::timestamp at time zone ${timeZone}`),
    );

  const started = db
    .select({ day: localDay(conversations.createdAt) })
    .from(conversations)
    .where(and(eq(conversations.agentId, agent.id), inRange(conversations.createdAt)))
    .as('started');
  const sent = db
    .select({
      day: localDay(chatMessages.createdAt),
      who: sql<string>`coalesce('u' || ${conversations.userId}, 'v' || ${conversations.visitorId})`.as('who'),
    })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(
      and(
        eq(conversations.agentId, agent.id),
        eq(chatMessages.role, 'user'),
        inRange(chatMessages.createdAt),
      ),
    )
    .as('sent');
  const spent = db
    .select({ day: localDay(pointsLedger.createdAt), points: pointsLedger.points })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.teamId, agent.teamId),
        eq(pointsLedger.agentId, agent.id),
        inArray(pointsLedger.reason, ['chat_reply', 'chat_refund']),
        inRange(pointsLedger.createdAt),
      ),
    )
    .as('spent');
  const rated = db
    .select({ day: localDay(messageFeedback.updatedAt), rating: messageFeedback.rating })
    .from(messageFeedback)
    .where(and(eq(messageFeedback.agentId, agent.id), inRange(messageFeedback.updatedAt)))
    .as('rated');

  const [conversationRows, messageRows, pointRows, feedbackRows] = await Promise.all([
    db.select({ day: started.day, conversations: count() }).from(started).groupBy(started.day),
    // The row without a day (the empty grouping set) counts who wrote over the whole range.
    db
      .select({
        day: sql<string | null>`${sent.day}`,
        messages: count(),
        active_users: sql<number>`count(distinct ${sent.who})::int`,
      })
      .from(sent)
      .groupBy(sql`grouping sets ((${sent.day}), ())`),
    db
      .select({ day: spent.day, points: sql<number>`(-sum(${spent.points}))::int` })
      .from(spent)
      .groupBy(spent.day),
    db
      .select({
        day: rated.day,
        likes: sql<number>`(count(*) filter (where ${rated.rating} = 'like'))::int`,
        dislikes: sql<number>`(count(*) filter (where ${rated.rating} = 'dislike'))::int`,
      })
      .from(rated)
      .groupBy(rated.day),
  ]).catch((error: unknown) => {
    throw isUnknownTimeZone(error) ? timeZoneInvalid() : error;
  });

  const byDay = new Map<string, AnalysisDay>(dates.map((date) => [date, { date, ...ZERO }]));
  const totals = { ...ZERO };
  const add = (rows: ({ day: string | null } & Partial<AnalysisCounts>)[]) => {
    for (const { day, ...values } of rows) {
      const entry = day === null ? undefined : byDay.get(day);
      if (entry) Object.assign(entry, values);
    }
  };
  add(conversationRows);
  add(messageRows);
  add(pointRows);
  add(feedbackRows);
  const days = [...byDay.values()];
  for (const metric of ['conversations', 'messages', 'points', 'likes', 'dislikes'] as const) {
    totals[metric] = days.reduce((sum, day) => sum + day[metric], 0);
  }
  totals.active_users = messageRows.find((row) => row.day === null)?.active_users ?? 0;
  return { start_date: dates[0]!, end_date: dates.at(-1)!, time_zone: timeZone, days, totals };
}

const question = alias(chatMessages, 'question');

type Rater = { [K in keyof typeof personColumns]: (typeof personColumns)[K]['_']['data'] | null };

/** Who rated, from the left-joined user: none for a visitor's conversation. */
const raterOf = (person: Rater | null) =>
  person?.userId == null
    ? null
    : {
        user_id: person.userId,
        name: personName({ ...person, nickName: person.nickName ?? '' }),
        avatar: person.avatar ?? '',
      };

/**
 * The agent's rated replies, newest rating first, each with the question it answered and who rated
 * it (their name in the agent's team; a visitor has none).
 */
export async function listAgentFeedback(
  db: Db,
  agent: AgentRow,
  query: z.infer<typeof agentFeedbackQuery>,
): Promise<{ data: FeedbackEntry[]; total: number }> {
  const conditions: SQL[] = [eq(messageFeedback.agentId, agent.id)];
  if (query.rating) conditions.push(eq(messageFeedback.rating, query.rating));
  if (query.reason) conditions.push(eq(messageFeedback.reason, query.reason));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        feedback: messageFeedback,
        reply: chatMessages.content,
        question: question.content,
        person: personColumns,
      })
      .from(messageFeedback)
      .innerJoin(chatMessages, eq(chatMessages.id, messageFeedback.messageId))
      .leftJoin(question, eq(question.id, chatMessages.parentId))
      .innerJoin(conversations, eq(conversations.id, messageFeedback.conversationId))
      .leftJoin(users, eq(users.id, conversations.userId))
      .leftJoin(teamMembers, and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, agent.teamId)))
      .where(where)
      .orderBy(desc(messageFeedback.updatedAt), desc(messageFeedback.messageId))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(messageFeedback).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      message_id: row.feedback.messageId,
      conversation_id: row.feedback.conversationId,
      ...presentFeedback(row.feedback)!,
      question: row.question ?? '',
      reply: row.reply,
      user: raterOf(row.person),
      rated_at: row.feedback.updatedAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
