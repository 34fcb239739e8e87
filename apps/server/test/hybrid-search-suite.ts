import { MODEL_API } from '@tandem/contract/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { retrieveChunks } from '../src/modules/knowledge/search.ts';
import { type FakeLlmServer, startFakeLlmServer } from './fake-llm/fake-llm-server.ts';
import { INDEXED_WITHIN_MS, knowledgeApi } from './knowledge.ts';
import { useTestApp } from './test-app.ts';

/**
 * Hybrid knowledge search against the fake provider's deterministic embeddings, for each way of
 * comparing vectors: `auto` (pgvector on PGlite, the server's own comparison on PostgreSQL without
 * it) and `array` (always the server's). The fake embedder cuts English endings ("invoices" →
 * "invoice"), which full-text search does not: what only vectors find shows that search is hybrid.
 */
export function describeHybridSearch(vectors: 'auto' | 'array') {
  const ctx = useTestApp({ KNOWLEDGE_INDEX_DELAY_MS: '100', KNOWLEDGE_VECTORS: vectors });
  const api = knowledgeApi(ctx);
  const { person, project, docWith, save, search, found, settled, node, data, team } = api;
  const expectedBackend =
    vectors === 'auto' && process.env.TEST_DATABASE !== 'postgres' ? 'pgvector' : 'array';
  let fake: FakeLlmServer;
  let admin: string;
  let providerId: number;
  let modelId: number;

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  /** Waits until every listed document's vectors are of the model's current key. */
  async function embedded(docIds: number[], modelKey: string) {
    await expect
      .poll(
        async () =>
          (
            await rows<{ n: number }>(sql`select count(*)::int as n from knowledge_embedding_states s
              join knowledge_index_states k on k.document_id = s.document_id and k.content_hash = s.content_hash
              where s.document_id = any(${`{${docIds.join(',')}}`}::int[]) and s.model_key = ${modelKey}`)
          )[0]?.n,
        { timeout: INDEXED_WITHIN_MS, interval: 50 },
      )
      .toBe(docIds.length);
  }
  const saveModel = (values: object) =>
    data('POST', MODEL_API.saveModel, admin, {
      provider_id: providerId,
      name: 'Test embedder',
      model_key: 'test-embed',
      type: 'embedding',
      ...values,
    });

  beforeAll(async () => {
    fake = await startFakeLlmServer();
    const who = await person();
    await ctx.database.db.update(users).set({ isSuper: true }).where(eq(users.id, who.id));
    admin = who.token;
    providerId = (
      await data('POST', MODEL_API.saveProvider, admin, {
        name: 'Fake',
        kind: 'openai-compatible',
        base_url: fake.baseUrl,
        enabled: true,
      })
    ).id;
  });
  afterAll(() => fake?.close());

  describe(`hybrid knowledge search (vectors: ${vectors}, compared by ${expectedBackend})`, () => {
    let owner: Awaited<ReturnType<typeof person>>;
    let projectId: number;
    let invoiceDoc: number;
    let travelDoc: number;
    let parkingDoc: number;

    it('without an embedding model, searches full text alone and embeds nothing', async () => {
      owner = await person();
      projectId = (await project(owner.token)).id;
      invoiceDoc = await docWith(
        owner.token,
        projectId,
        'Accounts payable',
        '# Routine\n\nEvery invoice is checked by the finance team before payment.',
      );
      travelDoc = await docWith(owner.token, projectId, 'Trips', 'Book train tickets two weeks ahead.');
      await settled(owner.token, projectId, [invoiceDoc, travelDoc]);
      expect(await found(owner.token, projectId, 'invoices')).toEqual([]);
      expect(await found(owner.token, projectId, 'invoice')).toEqual(['Accounts payable']);
      expect(fake.embeddingCalls).toEqual([]);
    });

    it('an embedding model is tested by embedding a word, and is never offered for chat', async () => {
      modelId = (await saveModel({})).id;
      const test = await data('POST', MODEL_API.testProvider, admin, {
        id: providerId,
        kind: 'openai-compatible',
        base_url: fake.baseUrl,
        model_key: 'test-embed',
      });
      expect(test).toMatchObject({ ok: true, message: '256 dimensions', model_key: 'test-embed' });
      const offered = await data('GET', MODEL_API.available, owner.token);
      expect(offered.map((model: { id: number }) => model.id)).not.toContain(modelId);
    });

    it('with one, embeds every chunk and finds what only the vectors match, fused with full text', async () => {
      await embedded([invoiceDoc, travelDoc], 'test-embed');
      const [backend] = await rows<{ n: number }>(
        sql`select count(*) filter (where ${sql.raw(expectedBackend === 'pgvector' ? 'vec is not null' : 'true')})::int as n
          from knowledge_embeddings where project_id = ${projectId}`,
      );
      expect(backend?.n).toBe(2);
      // With pgvector, the model's vectors have an HNSW index of their own length.
      const indexes = await rows<{ name: string }>(sql`select indexname as name from pg_indexes
        where tablename = 'knowledge_embeddings' and indexname like 'knowledge_embeddings_hnsw_%'`);
      expect(indexes.map((index) => index.name)).toEqual(
        expectedBackend === 'pgvector' ? [`knowledge_embeddings_hnsw_${modelId}_256`] : [],
      );
      // "invoices" is no full-text term of the document; its vector is near "invoice".
      const [hit] = await search(owner.token, projectId, 'invoices checking');
      expect(hit).toMatchObject({ doc_id: invoiceDoc, doc_name: 'Accounts payable', page: null });
      expect(hit!.snippet).toContain('finance team');
      expect(hit!.score).toBeGreaterThan(0);
      // Found by both lists, a document ranks above one found by vectors alone.
      expect(await found(owner.token, projectId, 'train tickets invoices checking')).toEqual([
        'Trips',
        'Accounts payable',
      ]);
      // The query itself went to the model.
      expect(fake.embeddingCalls.at(-1)).toEqual({
        model: 'test-embed',
        inputs: ['train tickets invoices checking'],
      });
    });

    it('re-embeds an edited document: new text is found, and the old text no longer', async () => {
      const before = fake.embeddingCalls.length;
      await save(owner.token, invoiceDoc, '# Routine\n\nEvery receipt is scanned by the office manager.');
      await settled(owner.token, projectId, [invoiceDoc]);
      await embedded([invoiceDoc], 'test-embed');
      expect(await found(owner.token, projectId, 'receipts scanning')).toEqual(['Accounts payable']);
      expect(await found(owner.token, projectId, 'invoices')).toEqual([]);
      // Only the changed chunk went to the model, not the untouched document.
      const sent = fake.embeddingCalls.slice(before).flatMap((call) => call.inputs);
      expect(sent.filter((text) => text.includes('train'))).toEqual([]);
      const [left] = await rows<{ n: number }>(
        sql`select count(*)::int as n from knowledge_embeddings where document_id = ${invoiceDoc}`,
      );
      expect(left?.n).toBe(1);
    });

    it('a failing embedding model marks the document failed, and full text still finds it', async () => {
      fake.failEmbeddings(1000);
      const doc = await docWith(owner.token, projectId, 'Parking', 'Visitors park behind the warehouse.');
      parkingDoc = doc;
      await expect
        .poll(async () => (await node(owner.token, projectId, doc))?.index_error, {
          timeout: INDEXED_WITHIN_MS,
          interval: 50,
        })
        .toBe('embedding_failed');
      expect((await node(owner.token, projectId, doc))?.index_state).toBe('failed');
      expect(await found(owner.token, projectId, 'warehouse')).toEqual(['Parking']);
      fake.failEmbeddings(0);
      // The next change embeds it again.
      await save(owner.token, doc, 'Visitors park behind the warehouses.');
      await embedded([doc], 'test-embed');
      expect(await node(owner.token, projectId, doc)).toMatchObject({
        index_state: 'ready',
        index_error: null,
      });
    });

    it('retrieval by vectors never reaches a project the user may not read', async () => {
      const stranger = await person();
      const theirs = (await project(stranger.token)).id;
      const secret = await docWith(stranger.token, theirs, 'Secret', 'Every invoice of the secret fund.');
      await settled(stranger.token, theirs, [secret]);
      await embedded([secret], 'test-embed');
      const { owner: teamOwner } = await team('Vector Readers');
      const asked = { projectIds: [projectId, theirs], query: 'invoices', limit: 10 };
      expect(await retrieveChunks(ctx.database.db, { userId: teamOwner.id, ...asked })).toEqual([]);
      const own = await retrieveChunks(ctx.database.db, { userId: stranger.id, ...asked });
      expect(own.map((chunk) => chunk.documentName)).toEqual(['Secret']);
    });

    it('a model whose key changes embeds everything again; a deleted model leaves full text alone', async () => {
      await saveModel({ id: modelId, model_key: 'test-embed-dim64' });
      await embedded([invoiceDoc, travelDoc, parkingDoc], 'test-embed-dim64');
      const dimensions = await rows<{ dimensions: number; key: string }>(
        sql`select distinct dimensions, model_key as key from knowledge_embeddings where project_id = ${projectId}`,
      );
      expect(dimensions).toEqual([{ dimensions: 64, key: 'test-embed-dim64' }]);
      expect(await found(owner.token, projectId, 'receipts')).toEqual(['Accounts payable']);

      await data('DELETE', MODEL_API.deleteModel, admin, { id: modelId });
      const [left] = await rows<{ n: number }>(sql`select count(*)::int as n from knowledge_embeddings`);
      expect(left?.n).toBe(0);
      expect(await found(owner.token, projectId, 'receipts')).toEqual([]);
      expect(await found(owner.token, projectId, 'receipt')).toEqual(['Accounts payable']);
    });
  });
}
