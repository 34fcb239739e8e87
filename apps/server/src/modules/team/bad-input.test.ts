import { expect, it } from 'vitest';
import { agentApi, type Method } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { call, team } = agentApi(ctx);

const TOO_BIG_FOR_AN_ID = 99_999_999_999;

/** What a user can type or a client can send wrong, with the answer each gets (never a 500). */
const CASES: [Method, string, unknown, number][] = [
  ['GET', `/api/team/user-list?department_id=${TOO_BIG_FOR_AN_ID}`, undefined, 1001],
  ['GET', `/api/team/department-member-list?department_id=${TOO_BIG_FOR_AN_ID}`, undefined, 1001],
  ['GET', '/api/team/user-list?page=1e300', undefined, 1001],
  ['GET', '/api/team/user-list?keyword=%00abc', undefined, 1001],
  ['GET', '/api/team/user-list?keyword=%25_%5C', undefined, 0],
  ['GET', '/api/team/get-team-info-by-code?invite_code=%00', undefined, 1001],
  ['POST', '/api/team/join-team', { invite_code: '\u0000ABC' }, 1001],
  ['POST', '/api/team/join-team', { invite_code: 'ÄBC-123' }, 1103],
  ['POST', '/api/team/create-team', { name: 'abc\u0000', industry_id: 101 }, 1001],
  ['POST', '/api/team/create-team', { name: 'Valid name', industry_id: 1e20 }, 1001],
  ['POST', '/api/team/create-department', { name: 'X', parent_id: 2_147_483_647 }, 1002],
  ['POST', '/api/team/re-sort-department', { parent_id: null, ids: [1, 1] }, 1001],
  ['POST', '/api/team/update-team', { avatar: '/api/upload/files/../../etc' }, 1001],
  ['DELETE', '/api/team/del-leave-member', { clear: 2 }, 1001],
  ['POST', '/api/team/apply-audit', { ids: [1], status: 3 }, 1001],
  ['POST', '/api/team/switch-team', { current_team_id: '1; drop table teams' }, 1001],
];

it('answers every malformed team request with a business code, never a 500', async () => {
  const { owner } = await team();
  const answers = [];
  for (const [method, url, body] of CASES) {
    const answer = await call(method, url, owner.token, body);
    answers.push(`${method} ${url} ${JSON.stringify(body ?? '')}: ${answer.body.code}`);
  }
  expect(answers).toEqual(
    CASES.map(([method, url, body, code]) => `${method} ${url} ${JSON.stringify(body ?? '')}: ${code}`),
  );
});
