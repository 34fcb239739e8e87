import {
  INVITE_ADDRESSES_PER_CALL,
  INVITE_LOOKUPS_PER_MINUTE,
  INVITES_PER_SENDER_PER_DAY,
  INVITES_PER_SENDER_PER_HOUR,
  INVITES_PER_TEAM_PER_HOUR,
} from '@tandem/contract/limits';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentApi, type Person } from '../../../test/agents.ts';
import { uniqueIp } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { rateLimitHits } from '../../db/schema.ts';

const ctx = useTestApp();
const { call, data, team } = agentApi(ctx);

let sequence = 0;
/** `count` new mail addresses. */
const addresses = (count: number) =>
  Array.from({ length: count }, () => `invitee-${process.pid}-${sequence++}@example.com`);

const invite = (who: Person, count: number) =>
  call('POST', '/api/team/invite-team', who.token, { type: 0, email_list: addresses(count) });

/** Ends the running hourly windows of a team and a sender, as an hour passing would. */
async function endHourlyWindows(teamId: number, senderId: number) {
  await ctx.database.db
    .update(rateLimitHits)
    .set({ windowEndsAt: sql`now()` })
    .where(
      inArray(rateLimitHits.key, [`invite-team|team:${teamId}|hour`, `invite-team|sender:${senderId}|hour`]),
    );
}

describe('invitations by mail or SMS', () => {
  it(`refuse more than ${INVITE_ADDRESSES_PER_CALL} addresses in one call`, async () => {
    const { owner } = await team();
    const answer = await invite(owner, INVITE_ADDRESSES_PER_CALL + 1);
    expect([answer.status, answer.body.code, answer.body.data.fields[0].field]).toEqual([
      400,
      1001,
      'email_list',
    ]);
    expect((await invite(owner, INVITE_ADDRESSES_PER_CALL)).body.data).toEqual({
      sent: INVITE_ADDRESSES_PER_CALL,
    });
  });

  it('add up over calls to the sender’s hourly limit, then answer 429 (1004) with retry_after, a refused call using up nothing', async () => {
    const { owner, member } = await team();
    const perCall = INVITES_PER_SENDER_PER_HOUR / 2;
    expect((await invite(owner, perCall)).body.data).toEqual({ sent: perCall });
    expect((await invite(owner, perCall)).body.data).toEqual({ sent: perCall });
    const refused = await invite(owner, 1);
    expect([refused.status, refused.body.code]).toEqual([429, 1004]);
    expect(refused.body.data.retry_after).toBeGreaterThan(0);
    expect(refused.body.data.retry_after).toBeLessThanOrEqual(3600);
    expect(refused.body.msg).toMatch(/too many/i);

    // Another member of the same team is not held up by the first one's count...
    const colleague = await member();
    const left = INVITES_PER_TEAM_PER_HOUR - INVITES_PER_SENDER_PER_HOUR;
    expect((await invite(colleague, left)).body.data).toEqual({ sent: left });
    // ...until the team as a whole has invited its hourly share.
    const teamFull = await invite(colleague, 1);
    expect([teamFull.status, teamFull.body.code]).toEqual([429, 1004]);

    // Another team and its sender are not touched at all.
    const other = await team();
    expect((await invite(other.owner, INVITE_ADDRESSES_PER_CALL)).status).toBe(200);
  });

  it('count a sender over all their teams, and per day as well as per hour', async () => {
    const first = await team();
    const { owner } = first;
    let sent = 0;
    while (sent < INVITES_PER_SENDER_PER_DAY) {
      const count = Math.min(INVITE_ADDRESSES_PER_CALL, INVITES_PER_SENDER_PER_DAY - sent);
      const answer = await invite(owner, count);
      if (answer.status === 429) {
        await endHourlyWindows(first.teamId, owner.id);
        continue;
      }
      expect(answer.body.data).toEqual({ sent: count });
      sent += count;
    }
    await endHourlyWindows(first.teamId, owner.id);
    // A new team of the same person starts no fresh count.
    await data('POST', '/api/team/create-team', owner.token, {
      name: 'Second Works',
      industry_id: 101,
      scale: 0,
    });
    const refused = await invite(owner, 1);
    expect([refused.status, refused.body.code]).toEqual([429, 1004]);
    expect(refused.body.data.retry_after).toBeGreaterThan(3600);
    expect(refused.body.data.retry_after).toBeLessThanOrEqual(24 * 3600);
  });
});

describe('looking up an invitation code', () => {
  it(`answers at most ${INVITE_LOOKUPS_PER_MINUTE} a minute per address, then 429 (1004) with retry_after`, async () => {
    const { owner } = await team();
    const { invite_code } = await data('POST', '/api/team/get-invite-code', owner.token, { is_reset: 0 });
    const lookUp = (remoteAddress: string, code = invite_code) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/team/get-team-info-by-code?invite_code=${code}`,
        remoteAddress,
      });
    const address = uniqueIp();
    for (let i = 0; i < INVITE_LOOKUPS_PER_MINUTE; i++) {
      // Wrong guesses count as much as right ones.
      const answer = await lookUp(address, i % 2 ? invite_code : 'WRONG234');
      expect(answer.statusCode).not.toBe(429);
    }
    const refused = await lookUp(address);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 1004]);
    expect(refused.json().data.retry_after).toBeGreaterThan(0);
    expect(refused.json().data.retry_after).toBeLessThanOrEqual(60);
    const elsewhere = await lookUp(uniqueIp());
    expect([elsewhere.statusCode, elsewhere.json().data.name]).toEqual([200, 'Agent Works']);
  });
});
