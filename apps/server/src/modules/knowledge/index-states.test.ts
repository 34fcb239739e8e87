import { KNOWLEDGE_API } from '@tandem/contract/api';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INDEXED_WITHIN_MS, knowledgeApi } from '../../../test/knowledge.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { documentStates, knowledgeChunks, knowledgeIndexStates } from '../../db/schema.ts';
import { storeDocumentState } from '../document/document-state.ts';

const ctx = useTestApp({ KNOWLEDGE_INDEX_DELAY_MS: '100' });
const { person, project, doc, docWith, save, data, call, found, node, tree, settled } = knowledgeApi(ctx);

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: INDEXED_WITHIN_MS, interval: 50 });

async function owned() {
  const owner = await person();
  const { id } = await project(owner.token);
  return { token: owner.token, projectId: id };
}

/** The Yjs state of a document holding one paragraph of `text`, taken from another document's save. */
async function stateOf(token: string, projectId: number, text: string) {
  const id = await docWith(token, projectId, 'Source', text);
  const [row] = await ctx.database.db.select().from(documentStates).where(eq(documentStates.documentId, id));
  return row!.state;
}

describe('each document’s search index state', () => {
  it('shows a changed document as indexing in the catalogue, then ready; groups have none', async () => {
    const { token, projectId } = await owned();
    const group = await doc(token, projectId, { kind: 'group', name: 'Folder' });
    const id = await doc(token, projectId, { parent: group, name: 'Page' });
    expect(await node(token, projectId, id)).toMatchObject({ index_state: 'ready', index_error: null });
    await save(token, id, 'Fresh words');
    expect(await node(token, projectId, id)).toMatchObject({ index_state: 'indexing', index_error: null });
    await poll(async () => (await node(token, projectId, id))?.index_state).toBe('ready');
    expect(await node(token, projectId, group)).toMatchObject({ index_state: null, index_error: null });
    expect(await found(token, projectId, 'fresh')).toEqual(['Page']);
  });

  it('fails a document whose stored content cannot be read, with the reason, until good content is stored', async () => {
    const { token, projectId } = await owned();
    const repaired = await stateOf(token, projectId, 'Repaired words');
    const id = await docWith(token, projectId, 'Broken', 'Readable words');
    await settled(token, projectId, [id]);
    await storeDocumentState(ctx.database.db, id, () => new Uint8Array(32).fill(7), null);
    await poll(async () => (await node(token, projectId, id))?.index_state).toBe('failed');
    expect((await node(token, projectId, id))?.index_error).toBe('unreadable');
    expect(await found(token, projectId, 'readable')).toEqual([]);

    await storeDocumentState(ctx.database.db, id, () => repaired, null);
    await poll(async () => (await node(token, projectId, id))?.index_state).toBe('ready');
    expect((await node(token, projectId, id))?.index_error).toBeNull();
    expect((await found(token, projectId, 'repaired')).sort()).toEqual(['Broken', 'Source']);
  });

  it('takes the text of a deleted document, group or project out of search', async () => {
    const { token, projectId } = await owned();
    const group = await doc(token, projectId, { kind: 'group', name: 'Folder' });
    const inside = await doc(token, projectId, { parent: group, name: 'Inside' });
    await save(token, inside, 'Pelican inside the folder');
    const alone = await docWith(token, projectId, 'Alone', 'Pelican on its own');
    const kept = await docWith(token, projectId, 'Kept', 'Pelican that stays');
    await settled(token, projectId, [inside, alone, kept]);
    expect((await found(token, projectId, 'pelican')).sort()).toEqual(['Alone', 'Inside', 'Kept']);

    await data('DELETE', KNOWLEDGE_API.deleteDoc, token, { ids: [alone] });
    expect((await found(token, projectId, 'pelican')).sort()).toEqual(['Inside', 'Kept']);
    await data('DELETE', KNOWLEDGE_API.deleteDoc, token, { ids: [group] });
    expect(await found(token, projectId, 'pelican')).toEqual(['Kept']);

    const { name } = await data(
      'GET',
      `/api/project/get-project-info?uniq_code=${await codeOf(token, projectId)}`,
      token,
    );
    await data('POST', '/api/project/delete-project', token, { id: projectId, confirm_name: name });
    const left = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.projectId, projectId));
    expect(left[0]!.n).toBe(0);
  });

  it('indexes a copied document and an imported one', async () => {
    const { token, projectId } = await owned();
    const original = await docWith(token, projectId, 'Original', 'Walrus facts');
    await settled(token, projectId, [original]);
    const copy = await data('POST', KNOWLEDGE_API.copyDoc, token, { id: original });
    await settled(token, projectId, [copy.id]);
    expect(await found(token, projectId, 'walrus')).toHaveLength(2);

    const boundary = 'knowledge-boundary';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="otters.md"\r\n` +
        `Content-Type: text/markdown\r\n\r\n# Otters\n\nOtters hold hands while sleeping.\r\n--${boundary}--\r\n`,
    );
    const imported = await call('POST', KNOWLEDGE_API.importDoc, token, payload, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(imported.status).toBe(200);
    await settled(token, projectId, [imported.body.data.id]);
    expect(await found(token, projectId, 'sleeping otters')).toEqual(['otters']);
  });

  it('indexes at start what was never indexed, and what a process that is gone left indexing', async () => {
    const { token, projectId } = await owned();
    const state = await stateOf(token, projectId, 'Narwhal tusks');
    const never = await doc(token, projectId, { name: 'Never indexed' });
    const abandoned = await doc(token, projectId, { name: 'Abandoned' });
    const { db } = ctx.database;
    // Content stored the way no server stores it now: no index state at all.
    await db.insert(documentStates).values({ documentId: never, state, byteSize: state.byteLength });
    // Content a process that died had claimed.
    await db.insert(documentStates).values({ documentId: abandoned, state, byteSize: state.byteLength });
    await db.insert(knowledgeIndexStates).values({
      documentId: abandoned,
      projectId,
      state: 'indexing',
      claimedBy: 'a-process-long-gone',
      claimedAt: new Date(),
    });

    await poll(async () => (await node(token, projectId, abandoned))?.index_state).toBe('ready');
    // Nothing marked the first one: it waits for a process to start.
    expect(await found(token, projectId, 'narwhal')).not.toContain('Never indexed');
    const restarted = await buildApp({ config: ctx.config, database: ctx.database });
    try {
      await poll(async () => (await found(token, projectId, 'narwhal')).sort()).toEqual([
        'Abandoned',
        'Never indexed',
        'Source',
      ]);
    } finally {
      await restarted.close();
    }
    expect((await tree(token, projectId)).every((n) => n.index_state === 'ready')).toBe(true);
  });
});

async function codeOf(token: string, projectId: number) {
  const list = await data('GET', '/api/project/get-project-list?page=1&page_size=50', token);
  return list.data.find((item: { id: number }) => item.id === projectId).uniq_code as string;
}
