import { randomBytes } from 'node:crypto';
import { AGENT_KNOWLEDGE_API } from '@tandem/contract/agent-knowledge';
import type { Citation } from '@tandem/contract/citation';
import { VISITOR_TOKEN_HEADER } from '@tandem/contract/system';
import { describe, expect, it } from 'vitest';
import { agentKnowledgeApi } from '../../../test/agent-knowledge.ts';
import { completeConfig, useFakeModels, watchedLlm } from '../../../test/agents.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import type { LlmRequest } from '../../platform/llm/llm.ts';
import { estimateTokens } from '../../platform/llm/token-estimate.ts';
import { gatherKnowledge } from './agent-context.ts';

const requests: LlmRequest[] = [];
const ctx = useTestApp({ KNOWLEDGE_INDEX_DELAY_MS: '100' }, (config) => ({
  llm: watchedLlm(ctx, config, requests),
}));
const fakes = useFakeModels(ctx);
const { team, person, project, docWith, settled, data, call, knowingAgent, messagesOf, ask } =
  agentKnowledgeApi(ctx, fakes);

/** What the model was told last: its system prompt. */
const lastSystemPrompt = () => {
  const first = requests.at(-1)?.messages[0];
  return first?.role === 'system' && typeof first.content === 'string' ? first.content : '';
};

/** A team with an open project and a private one, each holding a zeppelin document, and a member. */
async function library() {
  const { owner, member } = await team('Zeppelin Works');
  const colleague = await member();
  const open = await project(owner.token, {
    name: 'Open shelf',
    access: 'team_public',
    team_permission: 'viewer',
  });
  const closed = await project(owner.token, { name: 'Closed shelf', access: 'team_private' });
  const openDoc = await docWith(
    owner.token,
    open.id,
    'Landing guide',
    '# Landing\n\nThe zeppelin lands at noon on pier 7.',
  );
  const closedDoc = await docWith(
    owner.token,
    closed.id,
    'Secret plans',
    'The zeppelin carries the secret cargo of gold.',
  );
  await settled(owner.token, open.id, [openDoc]);
  await settled(owner.token, closed.id, [closedDoc]);
  return { owner, colleague, open, closed, openDoc, closedDoc };
}

describe('the knowledge step', () => {
  it("accepts only projects of the agent's team, and lists those the caller may read", async () => {
    const { owner, colleague, open, closed } = await library();
    const stranger = await person();
    const elsewhere = await project(stranger.token, { name: 'Elsewhere' });

    const refused = await call('POST', '/api/agent/create-agent', owner.token, {
      config: { knowledge_ids: [open.id, elsewhere.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toEqual([
      { field: 'config.knowledge_ids', message: 'unknown knowledge base' },
    ]);
    const created = await data('POST', '/api/agent/create-agent', owner.token, {
      config: { knowledge_ids: [open.id, closed.id] },
    });
    const detail = await data('GET', `/api/agent/get-agent-info?id=${created.id}`, owner.token);
    expect(detail.draft.knowledge_ids).toEqual([open.id, closed.id]);

    const offered = async (token: string, query = '') =>
      (
        (await data('GET', `${AGENT_KNOWLEDGE_API.knowledgeBases}?page_size=50${query}`, token)).data as {
          name: string;
        }[]
      ).map((item) => item.name);
    expect((await offered(owner.token, `&agent_id=${created.id}`)).sort()).toEqual([
      'Closed shelf',
      'Open shelf',
    ]);
    // A member who may not read the private project is not offered it (a new agent: their current team).
    expect(await offered(colleague.token)).toEqual(['Open shelf']);
    expect(await offered(colleague.token, '&keyword=closed')).toEqual([]);
    // Someone who may not edit the agent learns nothing of its team's projects.
    const answer = await call(
      'GET',
      `${AGENT_KNOWLEDGE_API.knowledgeBases}?agent_id=${created.id}`,
      stranger.token,
    );
    expect(answer.status).not.toBe(200);
  });
});

describe('replies that draw on projects', () => {
  it('cite what the asker may read, stored with the reply, never a project closed to them', async () => {
    const { owner, colleague, open, closed, openDoc } = await library();
    const librarian = await knowingAgent(owner.token, {
      knowledge_ids: [open.id, closed.id],
      cite_sources: true,
    });

    const mine = await ask(owner.token, { agent_id: librarian.id, content: 'Where does the zeppelin go?' });
    expect(lastSystemPrompt()).toContain('The zeppelin lands at noon on pier 7.');
    expect(lastSystemPrompt()).toContain('secret cargo of gold');
    expect(mine.reply.content).toBe('Echo: Where does the zeppelin go? [1]');
    // The cited source first, then the other document it was given (the closed shelf the owner reads).
    expect(mine.reply.citations?.map((c: Citation) => [c.doc_name, c.cited])).toEqual([
      ['Landing guide', true],
      [expect.any(String), false],
    ]);

    const theirs = await ask(colleague.token, {
      agent_id: librarian.id,
      content: 'Where does the zeppelin go?',
    });
    expect(lastSystemPrompt()).toContain('The zeppelin lands at noon on pier 7.');
    expect(lastSystemPrompt()).not.toContain('gold');
    expect(theirs.reply.citations).toEqual([
      {
        n: 1,
        doc_id: openDoc,
        doc_uniq_code: expect.any(String),
        doc_name: 'Landing guide',
        snippet: 'The zeppelin lands at noon on pier 7.',
        heading: 'Landing',
        page: null,
        available: true,
        cited: true,
      },
    ]);
    // After a reload, from the history: the same citations.
    const history = await messagesOf(colleague.token, theirs.conversationId);
    expect(history.at(-1)!.citations).toEqual(theirs.reply.citations);

    // Once the document is deleted, the citation is only its number.
    await data('DELETE', '/api/knowledge/delete-doc', owner.token, { ids: [openDoc] });
    const after = (await messagesOf(colleague.token, theirs.conversationId)).at(-1)!;
    expect(after.citations).toEqual([
      {
        n: 1,
        doc_id: openDoc,
        doc_uniq_code: '',
        doc_name: '',
        snippet: '',
        heading: '',
        page: null,
        available: false,
        cited: true,
      },
    ]);
  });

  it('list the sources consulted under a reply that cites none of them', async () => {
    const { owner, open } = await library();
    const librarian = await knowingAgent(owner.token, { knowledge_ids: [open.id], cite_sources: true });
    const { reply, conversationId } = await ask(owner.token, {
      agent_id: librarian.id,
      content: 'zeppelin pier, uncited',
    });
    expect(reply.content).toBe('Echo: zeppelin pier, uncited');
    expect(reply.citations).toMatchObject([{ doc_name: 'Landing guide', cited: false, available: true }]);
    expect((await messagesOf(owner.token, conversationId)).at(-1)!.citations).toEqual(reply.citations);
  });

  it('answer without numbers when the agent does not cite, and without sources when nothing matches', async () => {
    const { owner, open } = await library();
    const quiet = await knowingAgent(owner.token, { knowledge_ids: [open.id], cite_sources: false });
    const { reply } = await ask(owner.token, { agent_id: quiet.id, content: 'zeppelin' });
    expect(lastSystemPrompt()).toContain('pier 7');
    expect(lastSystemPrompt()).toContain('Do not mention the source numbers.');
    expect(reply.content).toBe('Echo: zeppelin');
    expect(reply.citations).toBeUndefined();

    await ask(owner.token, { agent_id: quiet.id, content: 'volcano' });
    expect(lastSystemPrompt()).toBe('You write short release notes.');
  });

  it('show a shared reply’s sources only to readers who may open them, and keep them in the PDF', async () => {
    const { owner, colleague, open } = await library();
    const librarian = await knowingAgent(owner.token, { knowledge_ids: [open.id], cite_sources: true });
    const { conversationId } = await ask(owner.token, { agent_id: librarian.id, content: 'zeppelin pier' });
    const link = await data('POST', '/api/chat/share-conversation', owner.token, {
      conversation_id: conversationId,
    });
    const shared = async (token?: string) =>
      (await call('GET', `/api/chat/get-shared-conversation?share_code=${link.share_code}`, token)).body.data
        .messages[1].citations;
    expect((await shared(colleague.token))[0]).toMatchObject({
      n: 1,
      doc_name: 'Landing guide',
      available: true,
    });
    expect(await shared()).toEqual([
      expect.objectContaining({ n: 1, doc_name: '', doc_uniq_code: '', snippet: '', available: false }),
    ]);
    const stranger = await person();
    expect((await shared(stranger.token))[0].available).toBe(false);

    // Continued by a member, the copy keeps its sources.
    const copy = await data('POST', '/api/chat/continue-shared', colleague.token, {
      share_code: link.share_code,
    });
    expect((await messagesOf(colleague.token, copy.conversation_id)).at(-1)!.citations).toHaveLength(1);

    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/chat/export-conversation-pdf?conversation_id=${conversationId}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Sources');
    expect(text).toContain('[1] Landing guide');
  });

  it('give a visitor of a web-public agent nothing of the team’s projects', async () => {
    const { owner, open } = await library();
    const librarian = await knowingAgent(owner.token, { knowledge_ids: [open.id], cite_sources: true });
    await data('POST', '/api/agent/set-agent-access', owner.token, {
      id: librarian.id,
      access: 'web_public',
      embed_origins: [],
    });
    const visitor = { [VISITOR_TOKEN_HEADER]: randomBytes(32).toString('base64url') };
    const sent = await call(
      'POST',
      '/api/chat/agent-send-message',
      undefined,
      { agent_key: librarian.key, content: 'Where does the zeppelin land?' },
      visitor,
    );
    expect(sent.status).toBe(200);
    await expect
      .poll(async () => {
        const page = await call(
          'GET',
          `/api/chat/get-conversation-messages?conversation_id=${sent.body.data.conversation_id}&page_size=10`,
          undefined,
          undefined,
          visitor,
        );
        return page.body.data.data.at(-1)?.status;
      })
      .toBe('done');
    expect(lastSystemPrompt()).toBe('You write short release notes.');
  });

  it('cite the sources of the unsaved knowledge bases in the debug panel', async () => {
    const { owner, open } = await library();
    const draft = await knowingAgent(owner.token, {});
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/agent/debug-chat',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {
        id: draft.id,
        config: {
          ...completeConfig(fakes.model.chat),
          knowledge_ids: [open.id],
          cite_sources: true,
        },
        messages: [{ role: 'user', content: 'zeppelin pier' }],
      },
    });
    const done = answer.body
      .split('\n\n')
      .find((block) => block.startsWith('event: done'))!
      .split('\n')[1]!
      .replace(/^data: /, '');
    expect(JSON.parse(done)).toMatchObject({
      content: 'Echo: zeppelin pier [1]',
      citations: [{ n: 1, doc_name: 'Landing guide', available: true }],
    });
  });

  it('give the model no more sources than the budget holds, cutting the last one', async () => {
    const owner = await person();
    const shelf = await project(owner.token, { name: 'Long shelf' });
    const long = Array.from(
      { length: 30 },
      (_, i) => `## Part ${i}\n\n${'Glacier facts and more glacier facts. '.repeat(40)}`,
    ).join('\n\n');
    const docIds = [
      await docWith(owner.token, shelf.id, 'Glaciers', long),
      await docWith(owner.token, shelf.id, 'More glaciers', long),
      await docWith(owner.token, shelf.id, 'Even more glaciers', long),
    ];
    await settled(owner.token, shelf.id, docIds);
    const docId = docIds[0]!;
    const ask = {
      userId: owner.id,
      teamId: 0,
      projectIds: [],
      contextProjectId: shelf.id,
      citeSources: true,
    };
    const { db } = ctx.database;

    const small = await gatherKnowledge(db, ask, 'glacier facts', 300);
    expect(small.sources.length).toBeGreaterThan(0);
    expect(estimateTokens(small.instructions)).toBeLessThanOrEqual(300 + 80);
    const large = await gatherKnowledge(db, ask, 'glacier facts', 5000);
    expect(large.sources.length).toBeGreaterThan(small.sources.length);
    expect(estimateTokens(large.instructions)).toBeLessThanOrEqual(5000 + 80);
    // The open document leads, in order, within half the budget.
    const beside = await gatherKnowledge(db, { ...ask, documentId: docId }, 'glacier facts', 2000);
    expect(beside.sources[0]!.heading).toBe('Part 0');
    expect(beside.instructions).toContain('The user is reading a document');
    // A visitor reads no project.
    expect(await gatherKnowledge(db, { ...ask, userId: null }, 'glacier facts', 5000)).toEqual({
      instructions: '',
      sources: [],
    });
  });
});
