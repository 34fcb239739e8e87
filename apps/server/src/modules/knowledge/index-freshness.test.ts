import { KNOWLEDGE_API } from '@tandem/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendParagraph,
  type CollabClient,
  collaborationUrl,
  openCollabClient,
} from '../../../test/documents.ts';
import { INDEXED_WITHIN_MS, knowledgeApi } from '../../../test/knowledge.ts';
import { useSecondApp, useTestApp } from '../../../test/test-app.ts';

/** With the default delay (3 s after the last store) and two server processes on one database. */
const ctx = useTestApp();
const second = useSecondApp(ctx);
const { person, project, doc, docWith, save, data, found, settled } = knowledgeApi(ctx);
const clients: CollabClient[] = [];

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => {
  for (const client of clients) client.destroy();
});

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: INDEXED_WITHIN_MS, interval: 100 });

async function owned() {
  const owner = await person();
  const { id } = await project(owner.token);
  return { token: owner.token, projectId: id };
}

// Each test waits for stores (Hocuspocus waits 2 s) and the indexer's delay, twice at most.
describe('search keeps up with documents as they change', { timeout: 90_000 }, () => {
  it('finds the words a save-online-doc wrote and no longer the ones it replaced', async () => {
    const { token, projectId } = await owned();
    const id = await docWith(token, projectId, 'Menu', '# Starters\n\nTomato soup and garlic bread.');
    await poll(() => found(token, projectId, 'garlic')).toEqual(['Menu']);
    await save(token, id, '# Starters\n\nPumpkin soup and olives.');
    await poll(() => found(token, projectId, 'pumpkin')).toEqual(['Menu']);
    expect(await found(token, projectId, 'garlic')).toEqual([]);
    expect(await found(token, projectId, 'soup')).toEqual(['Menu']);
  });

  it('finds what someone types in the collaborative editor a few seconds later', async () => {
    const { token, projectId } = await owned();
    const id = await doc(token, projectId, { name: 'Live notes' });
    const grant = await data('POST', KNOWLEDGE_API.collabToken, token, { doc_id: id });
    const editor = openCollabClient(collaborationUrl(ctx.app), grant.document_name, grant.token);
    clients.push(editor);
    expect(await editor.authenticated).toBe(true);
    await editor.synced;
    appendParagraph(editor.doc, '会议纪要：下周三讨论季度预算。');
    await poll(() => found(token, projectId, '季度预算')).toEqual(['Live notes']);
    appendParagraph(editor.doc, 'Follow-up with the auditors.');
    await poll(() => found(token, projectId, 'auditors')).toEqual(['Live notes']);
    await settled(token, projectId, [id]);
  });

  it('two server processes on one database leave each document indexed with its latest content', async () => {
    const { token, projectId } = await owned();
    const apps = [ctx.app, second.app];
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await doc(token, projectId, { name: `Shared ${i}` }));
    for (let round = 0; round < 3; round++) {
      for (const [i, id] of ids.entries()) {
        const answer = await apps[(i + round) % 2]!.inject({
          method: 'POST',
          url: KNOWLEDGE_API.saveOnlineDoc,
          headers: { authorization: `Bearer ${token}` },
          payload: { doc_id: id, format: 'markdown', content: `Round${round} text of shared document ${i}.` },
        });
        expect(answer.statusCode).toBe(200);
      }
    }
    await settled(token, projectId, ids);
    expect((await found(token, projectId, 'round2')).sort()).toEqual([
      'Shared 0',
      'Shared 1',
      'Shared 2',
      'Shared 3',
    ]);
    expect(await found(token, projectId, 'round0')).toEqual([]);
    expect(await found(token, projectId, 'round1')).toEqual([]);
  });
});
