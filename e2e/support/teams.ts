import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { call } from './api-calls.ts';

/** A session token for calls made through `call`. */
export const apiToken = async (request: APIRequestContext, email: string, password: string) =>
  (
    await (
      await request.post('/api/user/login', {
        data: { user_name: email, password, device_id: 'e2e-agents-api' },
      })
    ).json()
  ).data.token as string;

/** An organisation team `owner` creates, and so is switched to. */
export async function createTeam(request: APIRequestContext, owner: string, name: string) {
  const industries = await call<{ id: number; children: { id: number }[] }[]>(
    request,
    owner,
    'GET',
    '/api/dict/get-tree-industry',
  );
  await call(request, owner, 'POST', '/api/team/create-team', {
    name,
    industry_id: industries[0]!.children[0]?.id ?? industries[0]!.id,
    scale: 0,
  });
}

/** An organisation team of `owner` (who switches to it) that `member` joins at once (no approval). */
export async function teamOfTwo(request: APIRequestContext, owner: string, member: string) {
  await createTeam(request, owner, `Agents ${randomBytes(3).toString('hex')}`);
  await call(request, owner, 'POST', '/api/team/apply-status-set', { apply_audit: 0 });
  const { invite_code } = await call<{ invite_code: string }>(
    request,
    owner,
    'POST',
    '/api/team/get-invite-code',
    {
      is_reset: 0,
    },
  );
  await call(request, member, 'POST', '/api/team/join-team', { invite_code, real_name: 'Grace Viewer' });
}
