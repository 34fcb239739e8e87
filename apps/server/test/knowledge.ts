import { KNOWLEDGE_API } from '@tandem/contract/api';
import type { KnowledgeSearchHit } from '@tandem/contract/knowledge';
import type { DocTreeNode } from '@tandem/contract/project';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { integerList } from '../src/db/client.ts';
import { projectApi } from './projects.ts';
import type { TestContext } from './test-app.ts';

/** How long a test waits for what the indexer does in its own time (a busy machine is slow). */
export const INDEXED_WITHIN_MS = 20_000;

/** Helpers of the knowledge tests: documents written and searched through the real calls. */
export function knowledgeApi(ctx: TestContext) {
  const api = projectApi(ctx);
  const { call, data } = api;

  /** Replaces a document's content through save-online-doc (Markdown unless said). */
  const save = (token: string, docId: number, content: string, format: 'markdown' | 'html' = 'markdown') =>
    data('POST', KNOWLEDGE_API.saveOnlineDoc, token, { doc_id: docId, format, content });

  /** A document of `projectId` named `name` holding `content` (Markdown). */
  async function docWith(token: string, projectId: number, name: string, content: string) {
    const id = await api.doc(token, projectId, { name });
    await save(token, id, content);
    return id;
  }

  const searchCall = (token: string | undefined, projectId: number, query: string, extra = '') =>
    call(
      'GET',
      `${KNOWLEDGE_API.search}?project_id=${projectId}&query=${encodeURIComponent(query)}${extra}`,
      token,
    );

  async function search(token: string, projectId: number, query: string, extra = '') {
    const answer = await searchCall(token, projectId, query, extra);
    if (answer.status !== 200) throw new Error(`search: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data.data as KnowledgeSearchHit[];
  }

  /** The names of the documents a search lists, best first. */
  const found = async (token: string, projectId: number, query: string) =>
    (await search(token, projectId, query)).map((hit) => hit.doc_name);

  /** A document's node in the catalogue, wherever it is. */
  async function node(token: string, projectId: number, docId: number) {
    const visit = (nodes: DocTreeNode[]): DocTreeNode | undefined =>
      nodes.map((n) => (n.id === docId ? n : visit(n.children))).find(Boolean);
    return visit(await api.tree(token, projectId));
  }

  /**
   * Documents of `docIds` indexed but without vectors of their content yet, while an embedding model
   * is on: until they have them, a search ranks them by full text only, beside others ranked by both.
   */
  async function awaitingVectors(docIds: number[]) {
    const result = await ctx.database.db.execute(sql`select count(*)::int as n from knowledge_index_states k
      where k.document_id in (${integerList(docIds)}) and k.state = 'ready'
        and exists (select 1 from models m join model_providers p on p.id = m.provider_id
          where m.type = 'embedding' and m.enabled and p.enabled)
        and not exists (select 1 from knowledge_embedding_states e
          where e.document_id = k.document_id and e.content_hash = k.content_hash)`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
  }

  /**
   * Waits until the catalogue shows every one of `docIds` indexed (or failed), and each indexed one
   * has its vectors when an embedding model is on: what a search finds no longer changes.
   */
  async function settled(token: string, projectId: number, docIds: number[]) {
    await expect
      .poll(
        async () => {
          const states = await Promise.all(docIds.map((id) => node(token, projectId, id)));
          return states.every((n) => n?.index_state !== 'indexing') && (await awaitingVectors(docIds)) === 0;
        },
        { timeout: INDEXED_WITHIN_MS, interval: 50 },
      )
      .toBe(true);
  }

  return { ...api, save, docWith, search, searchCall, found, node, settled };
}
