import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { knowledgeApi } from '../../../test/knowledge.ts';
import { useTestApp } from '../../../test/test-app.ts';
import type { Tx } from '../../db/client.ts';
import { documentStates, knowledgeIndexStates } from '../../db/schema.ts';
import { storeDocumentState } from '../document/document-state.ts';
import { indexDocument } from './indexing.ts';

/** The indexer is driven by hand here: its own rounds would come long after the test. */
const ctx = useTestApp({ KNOWLEDGE_INDEX_DELAY_MS: '600000' });
const { person, project, docWith, call } = knowledgeApi(ctx);

/** Sessions of this database waiting for a lock another holds. */
async function waitingForLocks() {
  const result = await ctx.database.db.execute(sql`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

// Two transactions at once need a server database: the embedded one runs them one after the other.
describe.runIf(process.env.TEST_DATABASE === 'postgres')(
  'a project deleted while a document of it is indexed',
  () => {
    /**
     * The indexer held the document and then wanted the project (its chunks name it), while the deletion
     * held the project and wanted the document: PostgreSQL broke the deadlock by failing one of them, and
     * delete-project answered 500 (seen in a loaded CI run). Both now take the project first.
     */
    /**
     * Runs `work` on the document while a row it needs after the document's is held, deletes the project
     * meanwhile, then lets go: both must end well, in whichever order the database lets them.
     */
    async function deleteDuring(
      hold: (tx: Tx, docId: number) => Promise<unknown>,
      work: (docId: number) => Promise<unknown>,
    ) {
      const owner = await person();
      const { id: projectId } = await project(owner.token);
      const docId = await docWith(owner.token, projectId, 'Plan', '# Plan\n\nThe first paragraph.');
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held!: () => void;
      const isHeld = new Promise<void>((resolve) => {
        held = resolve;
      });
      const holder = ctx.database.db.transaction(async (tx) => {
        await hold(tx, docId);
        held();
        await released;
      });
      await isHeld;
      const working = work(docId);
      await eventually(async () => expect(await waitingForLocks()).toBe(1));
      const deleting = call('POST', '/api/project/delete-project', owner.token, {
        id: projectId,
        confirm_name: 'Handbook',
      });
      await eventually(async () => expect(await waitingForLocks()).toBe(2));
      release();
      await holder;
      const [worked, deleted] = await Promise.allSettled([working, deleting]);
      expect(worked).toMatchObject({ status: 'fulfilled' });
      expect(deleted).toMatchObject({ status: 'fulfilled', value: { status: 200 } });
    }

    it('is deleted once the indexing is done, and the indexing ends without an error', async () => {
      await deleteDuring(
        (tx, docId) =>
          tx
            .select()
            .from(knowledgeIndexStates)
            .where(eq(knowledgeIndexStates.documentId, docId))
            .for('update'),
        (docId) => indexDocument(ctx.database.db, docId),
      );
    });

    it('is deleted once an edit of its document is stored, and the store ends without an error', async () => {
      await deleteDuring(
        async (tx, docId) => {
          // Never indexed yet: the store writes the document's index state anew, naming its project.
          await ctx.database.db
            .delete(knowledgeIndexStates)
            .where(eq(knowledgeIndexStates.documentId, docId));
          return tx.select().from(documentStates).where(eq(documentStates.documentId, docId)).for('update');
        },
        (docId) => storeDocumentState(ctx.database.db, docId, (stored) => stored ?? new Uint8Array(), null),
      );
    });
  },
);
