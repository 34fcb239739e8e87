import { AGENT_KNOWLEDGE_API } from '@tandem/contract/agent-knowledge';
import { describe, expect, it } from 'vitest';
import { agentKnowledgeApi } from '../../../test/agent-knowledge.ts';
import { completeConfig, useFakeModels, watchedLlm } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';
import type { LlmRequest } from '../../platform/llm/llm.ts';

const requests: LlmRequest[] = [];
const ctx = useTestApp({ KNOWLEDGE_INDEX_DELAY_MS: '100' }, (config) => ({
  llm: watchedLlm(ctx, config, requests),
}));
const fakes = useFakeModels(ctx);
const {
  team,
  person,
  project,
  docWith,
  settled,
  data,
  call,
  balanceOf,
  knowingAgent,
  messagesOf,
  settledReply,
  ask,
} = agentKnowledgeApi(ctx, fakes);

const lastSystemPrompt = () => {
  const first = requests.at(-1)?.messages[0];
  return first?.role === 'system' && typeof first.content === 'string' ? first.content : '';
};

/** A team's project with an open document and another one, both indexed. */
async function handbook() {
  const { owner, member } = await team('Handbook Works');
  const shelf = await project(owner.token, {
    name: 'Handbook',
    access: 'team_public',
    team_permission: 'viewer',
  });
  const open = await docWith(
    owner.token,
    shelf.id,
    'Onboarding',
    '# Welcome\n\nBadges are collected at the front desk.',
  );
  const other = await docWith(owner.token, shelf.id, 'Parking', 'Bicycles park behind the badges office.');
  await settled(owner.token, shelf.id, [open, other]);
  return { owner, member: await member(), shelf, open, other };
}

describe('the chat beside a document', () => {
  it('gives the model the open document, and its project only with "context from projects"', async () => {
    const { owner, open } = await handbook();
    const plain = await knowingAgent(owner.token, { cite_sources: true });
    const first = await ask(owner.token, { agent_id: plain.id, doc_id: open, content: 'Where are badges?' });
    expect(lastSystemPrompt()).toContain('The user is reading a document');
    expect(lastSystemPrompt()).toContain('Badges are collected at the front desk.');
    expect(lastSystemPrompt()).not.toContain('Bicycles');
    expect(first.reply.content).toBe('Echo: Where are badges? [1]');
    expect(first.reply.citations?.[0]).toMatchObject({ n: 1, doc_id: open, doc_name: 'Onboarding' });

    const wide = await knowingAgent(owner.token, { project_context: true });
    await ask(owner.token, { agent_id: wide.id, doc_id: open, content: 'badges office' });
    expect(lastSystemPrompt()).toContain('Badges are collected at the front desk.');
    expect(lastSystemPrompt()).toContain('Bicycles park behind the badges office.');
    // The conversation goes on in chat like any other, the same in its history.
    const history = await messagesOf(owner.token, first.conversationId);
    expect(history.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  it('refuses a document the caller may not read, and visitors', async () => {
    const { owner, open } = await handbook();
    const librarian = await knowingAgent(owner.token, {});
    const stranger = await person();
    const refused = await call('POST', AGENT_KNOWLEDGE_API.agentSendMessage, stranger.token, {
      agent_id: librarian.id,
      doc_id: open,
      content: 'hello',
    });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(2201);
    const anonymous = await call('POST', AGENT_KNOWLEDGE_API.agentSendMessage, undefined, {
      agent_id: librarian.id,
      doc_id: open,
      content: 'hello',
    });
    expect(anonymous.status).toBe(401);
    const bad = await call('POST', AGENT_KNOWLEDGE_API.agentSendMessage, owner.token, {
      agent_id: librarian.id,
      content: 'x',
    });
    expect(bad.status).toBe(400);
  });

  it('streams, stops and spends points as chat does', async () => {
    const { owner, open } = await handbook();
    const created = await data('POST', '/api/agent/create-agent', owner.token, {
      config: completeConfig(fakes.model.slow, 'Slow reader'),
    });
    await data('POST', '/api/agent/publish-agent', owner.token, { id: created.id });
    const before = await balanceOf(owner.token);
    const sent = await data('POST', AGENT_KNOWLEDGE_API.agentSendMessage, owner.token, {
      agent_id: created.id,
      doc_id: open,
      content: 'many words for the slow model to say one by one',
    });
    expect(sent).toMatchObject({ channel: `chat:${sent.conversation_id}`, points: 3 });
    expect(await balanceOf(owner.token)).toBe(before - 3);
    await expect
      .poll(async () => (await messagesOf(owner.token, sent.conversation_id)).at(-1)!.content)
      .not.toBe('');
    const stop = await data('POST', '/api/chat/stop-message', owner.token, {
      conversation_id: sent.conversation_id,
    });
    expect(stop.stopped).toBe(true);
    const reply = await settledReply(owner.token, sent.conversation_id);
    expect(reply.status).toBe('stopped');
    expect(reply.points).toBe(3);
  });
});

describe('save to project', () => {
  it('makes a reply, or the whole conversation, a document with its Markdown kept', async () => {
    const { owner, member, shelf } = await handbook();
    const writer = await knowingAgent(owner.token, {});
    const markdown = [
      '## Plan',
      '',
      '| Step | Owner |',
      '| --- | --- |',
      '| Draft | Ann |',
      '',
      '```ts',
      'const answer = 42;',
      '```',
    ].join('\n');
    const { conversationId, reply } = await ask(owner.token, { agent_id: writer.id, content: markdown });
    const saved = await data('POST', AGENT_KNOWLEDGE_API.saveToProject, owner.token, {
      project_id: shelf.id,
      conversation_id: conversationId,
      message_id: reply.id,
      name: 'Release plan',
    });
    expect(saved).toMatchObject({
      name: 'Release plan',
      project_id: shelf.id,
      uniq_code: expect.any(String),
    });
    const doc = await data('GET', `/api/knowledge/get-doc?uniq_code=${saved.uniq_code}`, owner.token);
    expect(doc.name).toBe('Release plan');
    expect(doc.markdown).toContain('## Plan');
    expect(doc.markdown).toMatch(/\| Step +\| Owner +\|/);
    expect(doc.markdown).toContain('```ts\nconst answer = 42;\n```');
    expect(doc.html).toContain('<table');

    const whole = await data('POST', AGENT_KNOWLEDGE_API.saveToProject, owner.token, {
      project_id: shelf.id,
      conversation_id: conversationId,
    });
    const wholeDoc = await data('GET', `/api/knowledge/get-doc?uniq_code=${whole.uniq_code}`, owner.token);
    expect(wholeDoc.markdown).toContain('**You**');
    expect(wholeDoc.markdown).toContain('**Librarian**');
    expect(wholeDoc.name).toBe(whole.name);
    expect(whole.name).not.toBe('');

    // A viewer of the project may not write in it; nobody saves another's conversation.
    const { conversationId: theirs } = await ask(member.token, { agent_id: writer.id, content: 'hello' });
    const viewer = await call('POST', AGENT_KNOWLEDGE_API.saveToProject, member.token, {
      project_id: shelf.id,
      conversation_id: theirs,
    });
    expect(viewer.status).toBe(403);
    const other = await call('POST', AGENT_KNOWLEDGE_API.saveToProject, member.token, {
      project_id: shelf.id,
      conversation_id: conversationId,
    });
    expect(other.body.code).toBe(2010);
    const missing = await call('POST', AGENT_KNOWLEDGE_API.saveToProject, owner.token, {
      project_id: shelf.id,
      conversation_id: conversationId,
      message_id: 999_999,
    });
    expect(missing.body.code).toBe(2012);
  });
});
