import { randomBytes } from 'node:crypto';
import { VISITOR_TOKEN_HEADER } from '@tandem/contract/system';
import { expect, it } from 'vitest';
import { agentApi, type Method } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { call, person } = agentApi(ctx);

/** Past the database's `integer`, past what a double holds exactly, and a number no id can be. */
const TOO_BIG = ['2147483648', '9007199254740993', '1e99'];

/** Each call with an id where `id` stands, and the field the answer must name. */
const CALLS: { method: Method; url: string; body?: (id: unknown) => object; field: string }[] = [
  { method: 'GET', url: '/api/chat/get-conversation-list?page=1&agent_id=ID', field: 'agent_id' },
  {
    method: 'GET',
    url: '/api/agent/get-agent-analysis?start_date=2026-01-01&end_date=2026-01-07&agent_id=ID',
    field: 'agent_id',
  },
  { method: 'GET', url: '/api/agent/get-agent-feedback?agent_id=ID', field: 'agent_id' },
  { method: 'POST', url: '/api/chat/add-agent', body: (id) => ({ agent_id: id }), field: 'agent_id' },
  { method: 'POST', url: '/api/chat/remove-agent', body: (id) => ({ agent_id: id }), field: 'agent_id' },
  {
    method: 'POST',
    url: '/api/chat/agent-send-message',
    body: (id) => ({ agent_id: id, content: 'hello' }),
    field: 'agent_id',
  },
  {
    method: 'POST',
    url: '/api/chat/message-feedback',
    body: (id) => ({ message_id: id, rating: 'like' }),
    field: 'message_id',
  },
];

/** The id as the client would send it: in the query as text, in JSON as a number where it is one. */
function request(call: (typeof CALLS)[number], id: string) {
  if (!call.body) return { url: call.url.replace('ID', id), body: undefined };
  const asJson = id === '1e99' ? id : Number(id);
  return { url: call.url, body: call.body(asJson) };
}

it('answers an id the database cannot hold with 400 (1001) naming the field, never a 500', async () => {
  const user = await person();
  const answers: string[] = [];
  for (const target of CALLS) {
    for (const id of TOO_BIG) {
      const { url, body } = request(target, id);
      const answer = await call(target.method, url, user.token, body);
      const fields = (answer.body.data?.fields ?? []).map((f: { field: string }) => f.field);
      answers.push(`${target.method} ${target.url} ${id}: ${answer.status} ${answer.body.code} ${fields}`);
    }
  }
  expect(answers).toEqual(
    CALLS.flatMap((target) =>
      TOO_BIG.map((id) => `${target.method} ${target.url} ${id}: 400 1001 ${target.field}`),
    ),
  );
});

it('answers a visitor the same, before the id reaches the database', async () => {
  const visitor = { [VISITOR_TOKEN_HEADER]: randomBytes(32).toString('base64url') };
  for (const id of TOO_BIG) {
    const sent = await call(
      'POST',
      '/api/chat/agent-send-message',
      undefined,
      { agent_id: id, content: 'hello' },
      visitor,
    );
    expect([sent.status, sent.body.code, sent.body.data?.fields?.[0]?.field]).toEqual([
      400,
      1001,
      'agent_id',
    ]);
    const listed = await call(
      'GET',
      `/api/chat/get-conversation-list?agent_id=${id}`,
      undefined,
      undefined,
      visitor,
    );
    expect([listed.status, listed.body.code]).toEqual([400, 1001]);
  }
});
