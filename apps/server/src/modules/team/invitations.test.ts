import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentApi } from '../../../test/agents.ts';
import { testConfig, useTestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { teams } from '../../db/schema.ts';

const ctx = useTestApp();
const { call, data, person, team } = agentApi(ctx);

const outbox = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?page_size=20' })).json().data.data as {
    channel: string;
    to: string;
    text: string;
  }[];

describe('an invitation code', () => {
  it('is refused once expired, like a reset one, and the team gets a fresh one when asked', async () => {
    const { owner, teamId } = await team();
    const guest = await person();
    const { invite_code } = await data('POST', '/api/team/get-invite-code', owner.token, { is_reset: 0 });
    await ctx.database.db
      .update(teams)
      .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(teams.id, teamId));
    const joined = await call('POST', '/api/team/join-team', guest.token, { invite_code });
    expect(joined.status).toBe(400);
    expect(joined.body.code).toBe(1103);
    expect(joined.body.msg).toMatch(/invalid|expired/i);
    const shown = await call('GET', `/api/team/get-team-info-by-code?invite_code=${invite_code}`);
    expect(shown.body.code).toBe(1103);
    const fresh = await data('POST', '/api/team/get-invite-code', owner.token, { is_reset: 0 });
    expect(fresh.invite_code).not.toBe(invite_code);
    expect(new Date(fresh.expiration_time).getTime()).toBeGreaterThan(Date.now());
    expect((await data('POST', '/api/team/join-team', guest.token, fresh)).status).toBe('joined');
  });

  it('goes by SMS with the join link to each phone number, with its dial code', async () => {
    const { owner } = await team();
    const { invite_code } = await data('POST', '/api/team/get-invite-code', owner.token, { is_reset: 0 });
    const sent = await data('POST', '/api/team/invite-team', owner.token, {
      type: 1,
      phone_list: [
        { country_code: '86', value: '13912345678' },
        { country_code: '1', value: '4155550123' },
      ],
    });
    expect(sent).toEqual({ sent: 2 });
    const messages = await outbox();
    for (const to of ['+8613912345678', '+14155550123']) {
      const sms = messages.find((m) => m.to === to);
      expect(sms?.channel).toBe('sms');
      expect(sms?.text).toContain(`/join-team/${invite_code}`);
    }
  });
});

describe('an invitation that cannot go out', () => {
  it('answers that it was not sent, never 500, on a production server without mail or SMS', async () => {
    const { owner } = await team();
    const secret = 'production-secret-for-the-invitation-test-0123456789';
    const production = await buildApp({
      config: testConfig({ NODE_ENV: 'production', REALTIME_SECRET: secret, SECRETS_KEY: secret }),
      database: ctx.database,
      logger: false,
    });
    try {
      const answer = await production.inject({
        method: 'POST',
        url: '/api/team/invite-team',
        headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en-US' },
        payload: { type: 0, email_list: ['someone@example.com'] },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().code).toBe(1110);
      expect(answer.json().msg).toMatch(/could not be sent/);
    } finally {
      await production.close();
    }
  });
});

describe('a personal team', () => {
  it('cannot be left, dissolved, joined or given an invitation code', async () => {
    const loner = await person();
    for (const [url, body] of [
      ['/api/team/leave-team', undefined],
      ['/api/team/del-team', { confirm: 'DELETE' }],
      ['/api/team/get-invite-code', { is_reset: 0 }],
    ] as const) {
      const answer = await call('POST', url, loner.token, body);
      expect(answer.body.code, url).toBe(1104);
    }
    const account = await data('GET', '/api/user/account', loner.token);
    expect(account.current_team.team_type).toBeGreaterThan(0);
  });
});
