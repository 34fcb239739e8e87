import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Method, Person } from '../../../test/agents.ts';
import { tinyPng } from '../../../test/factories.ts';
import { projectApi } from '../../../test/projects.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { modelProviders, models, users } from '../../db/schema.ts';

const ctx = useTestApp();
const { call, data, person, team, project, doc, agent, uploadInto } = projectApi(ctx);

/**
 * What a fuzzer sends for an id. The first four were read as 1 (an admin's `delete-model {"id": true}`
 * deleted model 1); 2^31 reached the database and answered 500.
 */
const FUZZED: unknown[] = [true, [1], '0x1', '1e0', 2 ** 31, -1, 1.5];

let owner: Person;
let admin: Person;

/** Whether the row with id 1 of `table` is still there. */
const rowOneKept = async (table: string) => {
  const result = await ctx.database.db.execute(sql`select 1 from ${sql.identifier(table)} where id = 1`);
  return (result as unknown as { rows: unknown[] }).rows.length === 1;
};

beforeAll(async () => {
  // The first person, project, document, agent, department and model of this database: each is row 1.
  owner = (await team('Fuzz Works')).owner;
  const projectId = (await project(owner.token, { name: 'Handbook' })).id;
  const docId = await doc(owner.token, projectId, { name: 'Kept' });
  await agent(owner.token);
  const departmentId = (await data('POST', '/api/team/create-department', owner.token, { name: 'Sales' })).id;
  admin = await person();
  await ctx.database.db.update(users).set({ isSuper: true }).where(sql`${users.id} = ${admin.id}`);
  const [provider] = await ctx.database.db
    .insert(modelProviders)
    .values({ name: 'Kept provider', kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1' })
    .returning({ id: modelProviders.id });
  const [model] = await ctx.database.db
    .insert(models)
    .values({ providerId: provider!.id, name: 'Kept model', modelKey: 'kept', pointsPerRequest: 1 })
    .returning({ id: models.id });
  expect([projectId, docId, departmentId, model?.id]).toEqual([1, 1, 1, 1]);
  expect(await rowOneKept('agents')).toBe(true);
});

/** A JSON call of every module that takes an id, with `id` where the fuzzed value goes. */
const jsonCalls: [Method, string, (id: unknown) => object, () => string][] = [
  ['DELETE', '/api/admin/delete-model', (id) => ({ id }), () => admin.token],
  ['DELETE', '/api/agent/delete-agent', (id) => ({ id }), () => owner.token],
  ['POST', '/api/project/delete-project', (id) => ({ id, confirm_name: 'Handbook' }), () => owner.token],
  ['DELETE', '/api/knowledge/delete-doc', (id) => ({ ids: [id] }), () => owner.token],
  ['POST', '/api/knowledge/rename-doc', (id) => ({ id, name: 'Renamed' }), () => owner.token],
  ['DELETE', '/api/team/del-department', (id) => ({ id }), () => owner.token],
  [
    'POST',
    '/api/team/change-member-department',
    (id) => ({ user_ids: [id], department_id: 1 }),
    () => owner.token,
  ],
  ['POST', '/api/chat/message-feedback', (id) => ({ message_id: id, rating: 'like' }), () => owner.token],
  ['POST', '/api/order/down-invoice-pdf', (id) => ({ order_id: id }), () => owner.token],
  ['POST', '/api/user/create-checkout-session', (id) => ({ plan_id: id }), () => owner.token],
];

describe('a fuzzed id', () => {
  it.each(
    jsonCalls.flatMap(([method, url, body, token]) =>
      FUZZED.map((value) => [method, url, JSON.stringify(value), body, token, value] as const),
    ),
  )('%s %s with %s answers 400', async (method, url, _, body, token, value) => {
    const answer = await call(method, url, token(), body(value));
    expect([answer.status, answer.body.code], JSON.stringify(answer.body)).toEqual([400, 1001]);
  });

  it.each(['true', '0x1', '1e0', String(2 ** 31), '-1', '1.5'].map((value) => [value]))(
    'in a query string or a form field (%s) answers 400',
    async (value) => {
      const query = encodeURIComponent(value);
      for (const url of [
        `/api/knowledge/get-doc-tree?project_id=${query}`,
        `/api/knowledge/export-doc?id=${query}&format=md`,
        `/api/knowledge/export-docs?ids=${query}&format=md`,
        `/api/team/user-list?department_id=${query}`,
      ]) {
        const answer = await call('GET', url, owner.token);
        expect([url, answer.status, answer.body.code]).toEqual([url, 400, 1001]);
      }
      const upload = await uploadInto(owner.token, value as unknown as number, tinyPng());
      expect([upload.statusCode, upload.json().code]).toEqual([400, 1001]);
    },
  );

  it('changed nothing: model 1, agent 1, project 1, document 1 and department 1 are as they were', async () => {
    for (const table of ['models', 'agents', 'projects', 'documents', 'departments'])
      expect([table, await rowOneKept(table)]).toEqual([table, true]);
    const [kept] = (
      (await ctx.database.db.execute(sql`select name from documents where id = 1`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    expect(kept?.name).toBe('Kept');
  });
});
