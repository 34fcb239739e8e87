import { describe, expect, it } from 'vitest';
import { agentApi } from '../../../test/agents.ts';
import { bearer, tinyPng } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { call, data, team } = agentApi(ctx);

/** An image uploaded by the holder of `token`; answers its URL. */
async function uploadImage(token: string) {
  const boundary = '----team-settings-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    tinyPng(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload/upload_img',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
  });
  return answer.json().data.file as string;
}

describe('team settings', () => {
  it('saves a trimmed name and description that every member’s team list shows', async () => {
    const { owner, member } = await team();
    const colleague = await member();
    await data('POST', '/api/team/update-team', owner.token, {
      name: '  Northwind Labs ',
      description: ' Research and models. ',
    });
    expect(await data('GET', '/api/team/get-curr-team-info', owner.token)).toMatchObject({
      name: 'Northwind Labs',
      description: 'Research and models.',
    });
    const theirs = await data('GET', '/api/team/get-user-teams', colleague.token);
    expect(theirs.map((each: { name: string }) => each.name)).toContain('Northwind Labs');
    const short = await call('POST', '/api/team/update-team', owner.token, { name: 'ab' });
    expect(short.body.data.fields[0].field).toBe('name');
  });

  it('takes as avatar only an image the manager uploaded', async () => {
    const { owner, member } = await team();
    const colleague = await member();
    const theirs = await uploadImage(colleague.token);
    for (const avatar of [theirs, '/api/upload/files/nope.png']) {
      const refused = await call('POST', '/api/team/update-team', owner.token, { avatar });
      expect(refused.body.code).toBe(1080);
    }
    const mine = await uploadImage(owner.token);
    await data('POST', '/api/team/update-team', owner.token, { avatar: mine });
    expect((await data('GET', '/api/team/get-curr-team-info', owner.token)).avatar).toBe(mine);
  });

  it('switches join approval, and shows the current plan among all plans', async () => {
    const { owner } = await team();
    await data('POST', '/api/team/apply-status-set', owner.token, { apply_audit: 1 });
    expect((await data('GET', '/api/team/get-curr-team-info', owner.token)).apply_audit).toBe(1);
    await data('POST', '/api/team/apply-status-set', owner.token, { apply_audit: 0 });
    expect((await data('GET', '/api/team/get-curr-team-info', owner.token)).apply_audit).toBe(0);
    const current = await data('GET', '/api/team/curr-ver-packet-data', owner.token);
    expect(current).toMatchObject({ ver_id: 1, ver_name: 'Free', member_count: 1, expire_time: null });
    const plans = await data('GET', '/api/team/all-ver-packet-data', owner.token);
    expect(plans.map((plan: { ver_id: number }) => plan.ver_id)).toContain(current.ver_id);
  });
});
