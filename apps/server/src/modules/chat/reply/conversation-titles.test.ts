import { describe, expect, it } from 'vitest';
import { agentApi, completeConfig, useFakeModels } from '../../../../test/agents.ts';
import { useTestApp } from '../../../../test/test-app.ts';

const ctx = useTestApp();
const { call, data, team, agent } = agentApi(ctx);
const fakes = useFakeModels(ctx);

/** Characters that disguise a name: direction overrides and isolates, zero-width ones, line breaks. */
const DISGUISES = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200B',
  '\u200D',
  '\uFEFF',
  '\n',
  '\r',
  '\t',
];
const disguised = (character: string) => `Invoice${character}fdp.exe`;

describe('names and titles people see', () => {
  it('refuse direction, zero-width and line-break characters, for a conversation title as for every other name', async () => {
    const { owner } = await team();
    const { id: agentId } = await agent(owner.token, completeConfig(fakes.model.chat));
    await data('POST', '/api/agent/publish-agent', owner.token, { id: agentId });
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: agentId,
      content: 'hello',
    });
    /** Each call that names something, with the body carrying `name` where it goes and the field refused. */
    const NAMING: [string, string, (name: string) => object, string][] = [
      [
        'POST',
        '/api/chat/rename-conversation',
        (title) => ({ conversation_id: sent.conversation_id, title }),
        'title',
      ],
      ['POST', '/api/team/update-team', (name) => ({ name }), 'name'],
      ['POST', '/api/team/create-department', (name) => ({ name }), 'name'],
      ['POST', '/api/user/update-base-user-info', (nick_name) => ({ nick_name }), 'nick_name'],
      ['POST', '/api/agent/update-agent', (name) => ({ id: agentId, config: { name } }), 'config.name'],
    ];
    const answers: string[] = [];
    for (const [method, url, body] of NAMING) {
      for (const character of DISGUISES) {
        const answer = await call(method as 'POST', url, owner.token, body(disguised(character)));
        const fields = (answer.body.data?.fields ?? []).map((f: { field: string }) => f.field);
        answers.push(`${url} U+${character.codePointAt(0)?.toString(16)}: ${answer.status} ${fields}`);
      }
    }
    expect(answers).toEqual(
      NAMING.flatMap(([, url, , field]) =>
        DISGUISES.map((c) => `${url} U+${c.codePointAt(0)?.toString(16)}: 400 ${field}`),
      ),
    );
    // The same title without them is kept.
    await data('POST', '/api/chat/rename-conversation', owner.token, {
      conversation_id: sent.conversation_id,
      title: '  Invoice fdp.exe ',
    });
    const list = await data('GET', `/api/chat/get-conversation-list?agent_id=${agentId}`, owner.token);
    expect(list.data[0].title).toBe('Invoice fdp.exe');
  });

  it('keep them out of a title made from the first message', async () => {
    const { owner } = await team();
    const { id: agentId } = await agent(owner.token, completeConfig(fakes.model.chat));
    await data('POST', '/api/agent/publish-agent', owner.token, { id: agentId });
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: agentId,
      content: '\u202Eplan\u200B for\nthe\u2066 week\u2069',
    });
    expect(sent.title).toBe('plan for the week');
    const list = await data('GET', `/api/chat/get-conversation-list?agent_id=${agentId}`, owner.token);
    expect(list.data[0].title).toBe('plan for the week');
  });
});
