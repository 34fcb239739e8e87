import type { AgentAnalysisData, FeedbackEntry } from '@tandem/contract/chat-insights';
import { ERRORS } from '@tandem/contract/errors';
import { describe, expect, it } from 'vitest';
import { agentApi } from '../../../../test/agents.ts';
import { chatRows } from '../../../../test/chat-rows.ts';
import { useTestApp } from '../../../../test/test-app.ts';

const ctx = useTestApp();
const { call, data, team, agent } = agentApi(ctx);
const rows = () => chatRows(ctx.database.db);

const at = (iso: string) => new Date(iso);

/** A team with an agent of its owner's, and a second agent beside it whose rows must not count. */
async function agents() {
  const people = await team();
  const main = await agent(people.owner.token, { name: 'Counted' });
  const other = await agent(people.owner.token, { name: 'Not counted' });
  return {
    ...people,
    agent: { id: main.id, teamId: people.teamId },
    other: { id: other.id, teamId: people.teamId },
  };
}

async function analysis(token: string, agentId: number, start: string, end: string, timeZone?: string) {
  const zone = timeZone ? `&time_zone=${encodeURIComponent(timeZone)}` : '';
  const url = `/api/agent/get-agent-analysis?agent_id=${agentId}&start_date=${start}&end_date=${end}${zone}`;
  return (await data('GET', url, token)) as AgentAnalysisData;
}

/** The counts of each day, in the order of the contract's metrics, for compact comparisons. */
const table = (result: AgentAnalysisData) =>
  result.days.map((day) => [
    day.date,
    day.conversations,
    day.messages,
    day.active_users,
    day.points,
    day.likes,
    day.dislikes,
  ]);

/**
 * Three days of use: the owner on the 1st (and in a conversation begun late on 28 February) and the
 * 2nd, a colleague on the 2nd (whose second reply failed and was refunded), a visitor just before
 * midnight UTC on the 3rd; the other agent's rows on the 2nd.
 */
async function seededDays() {
  const setup = await agents();
  const { agent: counted, other, owner } = setup;
  const colleague = await setup.member();
  const seed = rows();

  const early = await seed.conversation(counted, { userId: owner.id }, at('2026-02-28T23:00:00Z'));
  await seed.exchange(early, 'late question', at('2026-03-01T01:00:00Z'));
  const first = await seed.conversation(counted, { userId: owner.id }, at('2026-03-01T10:00:00Z'));
  const one = await seed.exchange(first, 'one', at('2026-03-01T10:00:00Z'));
  await seed.exchange(first, 'two', at('2026-03-02T09:00:00Z'));
  const second = await seed.conversation(counted, { userId: colleague.id }, at('2026-03-02T12:00:00Z'));
  const three = await seed.exchange(second, 'three', at('2026-03-02T12:00:00Z'));
  const visitor = await seed.conversation(counted, { visitorId: 'visitor-1' }, at('2026-03-03T23:59:00Z'));
  const four = await seed.exchange(visitor, 'four', at('2026-03-03T23:59:00Z'));
  for (const [points, time] of [
    [-3, '2026-03-01T10:00:00Z'],
    [-3, '2026-03-02T09:00:00Z'],
    [-3, '2026-03-02T12:00:00Z'],
    [3, '2026-03-02T12:01:00Z'],
    [-3, '2026-03-03T23:59:00Z'],
  ] as const) {
    await seed.ledger(counted, points, at(time));
  }
  await seed.feedback(counted.id, first, one.replyId, 'like', at('2026-03-01T11:00:00Z'));
  await seed.feedback(counted.id, second, three.replyId, 'dislike', at('2026-03-02T13:00:00Z'));
  await seed.feedback(counted.id, visitor, four.replyId, 'like', at('2026-03-03T23:59:00Z'));

  const elsewhere = await seed.conversation(other, { userId: owner.id }, at('2026-03-02T10:00:00Z'));
  const theirs = await seed.exchange(elsewhere, 'not counted', at('2026-03-02T10:00:00Z'));
  await seed.ledger(other, -3, at('2026-03-02T10:00:00Z'));
  await seed.feedback(other.id, elsewhere, theirs.replyId, 'dislike', at('2026-03-02T10:00:00Z'));
  return setup;
}

describe('data analysis', () => {
  it('counts each day of the range in UTC, zeros included, and distinct users over the whole range', async () => {
    const { owner, agent: counted } = await seededDays();
    const result = await analysis(owner.token, counted.id, '2026-02-27', '2026-03-04');
    expect(result).toMatchObject({ start_date: '2026-02-27', end_date: '2026-03-04', time_zone: 'UTC' });
    // date, conversations, messages, active users, points, likes, dislikes
    expect(table(result)).toEqual([
      ['2026-02-27', 0, 0, 0, 0, 0, 0],
      ['2026-02-28', 1, 0, 0, 0, 0, 0],
      ['2026-03-01', 1, 2, 1, 3, 1, 0],
      ['2026-03-02', 1, 2, 2, 3, 0, 1],
      ['2026-03-03', 1, 1, 1, 3, 1, 0],
      ['2026-03-04', 0, 0, 0, 0, 0, 0],
    ]);
    // Three people wrote, though the days add up to four.
    expect(result.totals).toEqual({
      conversations: 4,
      messages: 5,
      active_users: 3,
      points: 9,
      likes: 2,
      dislikes: 1,
    });
  });

  it('cuts days at midnight in the caller’s time zone', async () => {
    const { owner, agent: counted } = await seededDays();
    const shanghai = await analysis(owner.token, counted.id, '2026-03-01', '2026-03-03', 'Asia/Shanghai');
    // 23:00 UTC on 28 February is 07:00 on 1 March in Shanghai; 23:59 UTC on the 3rd is the 4th there.
    expect(table(shanghai)).toEqual([
      ['2026-03-01', 2, 2, 1, 3, 1, 0],
      ['2026-03-02', 1, 2, 2, 3, 0, 1],
      ['2026-03-03', 0, 0, 0, 0, 0, 0],
    ]);
    expect(shanghai.totals).toMatchObject({ conversations: 3, messages: 4, active_users: 2, points: 6 });
  });

  it('follows a daylight-saving change inside the range', async () => {
    const { owner, agent: counted } = await agents();
    const seed = rows();
    const talk = await seed.conversation(counted, { userId: owner.id }, at('2026-03-08T06:30:00Z'));
    // New York moved to UTC-4 at 07:00 UTC on 8 March 2026: 01:30 EST on the 8th, 23:30 EDT on the 9th,
    // and 00:30 EDT on the 10th (which a fixed UTC-5 offset would put on the 9th).
    for (const time of ['2026-03-08T06:30:00Z', '2026-03-10T03:30:00Z', '2026-03-10T04:30:00Z']) {
      await seed.exchange(talk, time, at(time));
    }
    const result = await analysis(owner.token, counted.id, '2026-03-08', '2026-03-09', 'America/New_York');
    expect(result.days.map((day) => [day.date, day.messages])).toEqual([
      ['2026-03-08', 1],
      ['2026-03-09', 1],
    ]);
  });

  it('answers an agent nobody has used yet with zeros', async () => {
    const { owner, agent: unused } = await agents();
    const result = await analysis(owner.token, unused.id, '2026-01-01', '2026-01-07', 'Asia/Tokyo');
    expect(result.days).toHaveLength(7);
    expect(result.days.every((day) => day.conversations + day.messages + day.points === 0)).toBe(true);
    expect(result.totals.active_users).toBe(0);
  });

  it('refuses a range backwards or over 366 days, a malformed date and an unknown time zone', async () => {
    const { owner, agent: counted } = await agents();
    const ask = (query: string) =>
      call('GET', `/api/agent/get-agent-analysis?agent_id=${counted.id}&${query}`, owner.token);
    const backwards = await ask('start_date=2026-03-02&end_date=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({
      code: ERRORS.ANALYSIS_RANGE_INVALID.code,
      data: { fields: [{ field: 'end_date' }] },
    });
    const tooLong = await ask('start_date=2025-01-01&end_date=2026-01-02');
    expect(tooLong.body).toMatchObject({
      code: ERRORS.ANALYSIS_RANGE_INVALID.code,
      data: { fields: [{ field: 'start_date' }] },
    });
    // A leap year's 366 days are allowed.
    expect((await ask('start_date=2024-01-01&end_date=2024-12-31')).body.data.days).toHaveLength(366);
    for (const query of [
      'start_date=2026-3-1&end_date=2026-03-02',
      'start_date=2026-02-30&end_date=2026-03-02',
    ]) {
      const malformed = await ask(query);
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({
        code: ERRORS.BAD_REQUEST.code,
        data: { fields: [{ field: 'start_date' }] },
      });
    }
    const zone = await ask('start_date=2026-03-01&end_date=2026-03-02&time_zone=Mars/Olympus_Mons');
    expect(zone.status).toBe(400);
    expect(zone.body).toMatchObject({
      code: ERRORS.TIME_ZONE_INVALID.code,
      data: { fields: [{ field: 'time_zone' }] },
    });
  });
});

describe('the user feedback list', () => {
  it('lists rated replies newest first with the question, the reply and who rated, filtered and paged', async () => {
    const { owner, agent: counted, member } = await agents();
    const colleague = await member();
    const seed = rows();
    const mine = await seed.conversation(counted, { userId: owner.id });
    const theirs = await seed.conversation(counted, { userId: colleague.id });
    const visitors = await seed.conversation(counted, { visitorId: 'visitor-2' });
    const given: [string, 'like' | 'dislike', string | null, string][] = [
      [mine, 'like', null, '2026-03-01T10:00:00Z'],
      [theirs, 'dislike', 'inaccurate', '2026-03-02T10:00:00Z'],
      [visitors, 'dislike', 'bias', '2026-03-03T10:00:00Z'],
      [mine, 'dislike', 'inaccurate', '2026-03-04T10:00:00Z'],
      [theirs, 'like', null, '2026-03-05T10:00:00Z'],
    ];
    for (const [index, [conversationId, rating, reason, time]] of given.entries()) {
      const { replyId } = await seed.exchange(conversationId, `question ${index}`);
      await seed.feedback(counted.id, conversationId, replyId, rating, at(time), reason);
    }
    const list = async (query = '') =>
      (await data('GET', `/api/agent/get-agent-feedback?agent_id=${counted.id}${query}`, owner.token)) as {
        data: FeedbackEntry[];
        total: number;
      };

    const all = await list();
    expect(all.total).toBe(5);
    expect(all.data.map((row) => row.question)).toEqual([
      'question 4',
      'question 3',
      'question 2',
      'question 1',
      'question 0',
    ]);
    expect(all.data[1]).toMatchObject({
      rating: 'dislike',
      reason: 'inaccurate',
      question: 'question 3',
      reply: 'Echo: question 3',
      conversation_id: mine,
      user: { user_id: owner.id, name: owner.email },
      rated_at: '2026-03-04T10:00:00.000Z',
    });
    expect(all.data[2]!.user).toBeNull();

    const likes = await list('&rating=like');
    expect([likes.total, likes.data.map((row) => row.question)]).toEqual([2, ['question 4', 'question 0']]);
    const inaccurate = await list('&rating=dislike&reason=inaccurate');
    expect([inaccurate.total, inaccurate.data.map((row) => row.question)]).toEqual([
      2,
      ['question 3', 'question 1'],
    ]);
    const page = await list('&page=2&page_size=2');
    expect([page.total, page.data.map((row) => row.question)]).toEqual([5, ['question 2', 'question 1']]);
    const bad = await call(
      'GET',
      `/api/agent/get-agent-feedback?agent_id=${counted.id}&reason=boring`,
      owner.token,
    );
    expect(bad.body).toMatchObject({
      code: ERRORS.BAD_REQUEST.code,
      data: { fields: [{ field: 'reason' }] },
    });
  });
});
