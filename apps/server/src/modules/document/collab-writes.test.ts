import { KNOWLEDGE_API } from '@tandem/contract/api';
import { DOCUMENT_MAX_BYTES } from '@tandem/contract/project-rules';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  appendParagraph,
  type CollabClient,
  createDocument,
  createMember,
  createProject,
  textOf,
  useCollabClients,
} from '../../../test/documents.ts';
import { until } from '../../../test/eventually.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { billingPlans, documentStates, documentUpdateLog } from '../../db/schema.ts';
import { loadDocumentState } from './document-state.ts';

/**
 * What an editor writes over the websocket: stored before it is acknowledged, and refused (not
 * applied, not stored, the editor told why) past the document size limit, past the team's storage
 * quota, or when it holds what the editor never writes.
 */
describe('collaboration writes', () => {
  const context = useTestApp();
  const open = useCollabClients(context);

  async function openDocument(state?: Uint8Array) {
    const { app, database } = context;
    const owner = await createMember(app, database.db);
    const project = await createProject(database.db, owner);
    const document = await createDocument(database.db, project.id, { name: 'Plan' });
    if (state)
      await database.db
        .insert(documentStates)
        .values({ documentId: document.id, state, byteSize: state.byteLength });
    const response = await app.inject({
      method: 'POST',
      url: KNOWLEDGE_API.collabToken,
      headers: owner.headers,
      payload: { doc_id: document.id },
    });
    const client = open(String(document.id), response.json().data.token);
    await client.synced;
    return { owner, document, client };
  }

  /** Settles once the server has acknowledged every change the client made (its SyncStatus). */
  const acknowledged = (client: CollabClient) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (client.provider.unsyncedChanges > 0) return;
        client.provider.off('unsyncedChanges', check);
        resolve();
      };
      client.provider.on('unsyncedChanges', check);
      check();
    });

  const closedWith = (client: CollabClient) =>
    new Promise<string>((resolve) =>
      client.provider.on('close', ({ event }: { event: { reason: string } }) => resolve(event.reason)),
    );

  const logged = (documentId: number) =>
    context.database.db.select().from(documentUpdateLog).where(eq(documentUpdateLog.documentId, documentId));

  const storedText = async (documentId: number) => {
    const doc = new Y.Doc();
    const state = await loadDocumentState(context.database.db, documentId);
    if (state) Y.applyUpdate(doc, state);
    return textOf(doc);
  };

  const getDoc = (uniqCode: string, headers: Record<string, string>) =>
    context.app.inject({ method: 'GET', url: `${KNOWLEDGE_API.getDoc}?uniq_code=${uniqCode}`, headers });

  it('an edit the server acknowledged is already in the database', async () => {
    const { document, client } = await openDocument();
    for (let line = 0; line < 5; line++) {
      appendParagraph(client.doc, `line ${line}`);
      await acknowledged(client);
      // No store has run yet (they wait two seconds): the update log holds it.
      expect(await storedText(document.id)).toContain(`line ${line}`);
    }
    expect((await logged(document.id)).length).toBeGreaterThan(0);
  });

  it('the log is folded into the stored state when the document is stored, and loading gives the same text', async () => {
    const { document, client } = await openDocument();
    appendParagraph(client.doc, 'kept through compaction');
    await acknowledged(client);
    client.destroy();
    await until(async () => (await logged(document.id)).length === 0, 'the log folded into the state', {
      timeout: 30_000,
    });
    const [state] = await context.database.db
      .select()
      .from(documentStates)
      .where(eq(documentStates.documentId, document.id));
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state!.state);
    expect(textOf(doc)).toContain('kept through compaction');
  });

  it('an update that would take the document past the size limit is refused, not stored, and the editor told', async () => {
    const big = new Y.Doc();
    appendParagraph(big, 'x'.repeat(DOCUMENT_MAX_BYTES - 100_000));
    const state = Y.encodeStateAsUpdate(big);
    const { document, client } = await openDocument(state);
    const closed = closedWith(client);
    appendParagraph(client.doc, `over the limit ${'y'.repeat(200_000)}`);
    expect(await closed).toBe('document_too_large');
    // Nothing kept: no logged update, and the stored state as it was (reading 16 MB back is slow).
    expect(await logged(document.id)).toEqual([]);
    client.destroy();
    const [stored] = await context.database.db
      .select({ byteSize: documentStates.byteSize })
      .from(documentStates)
      .where(eq(documentStates.documentId, document.id));
    expect(stored!.byteSize).toBe(state.byteLength);
  });

  it('an element the editor does not have (a script) is refused: the document still reads for everyone', async () => {
    const { owner, document, client } = await openDocument();
    appendParagraph(client.doc, 'a good line');
    await acknowledged(client);
    const closed = closedWith(client);
    client.doc.getXmlFragment('default').insert(0, [new Y.XmlElement('script')]);
    expect(await closed).toBe('document_content_invalid');
    const read = await getDoc(document.uniqCode, owner.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.html).toContain('a good line');
    const stored = new Y.Doc();
    Y.applyUpdate(stored, (await loadDocumentState(context.database.db, document.id))!);
    expect(stored.getXmlFragment('default').toString()).not.toContain('script');
  });

  it('a team at its storage limit can write nothing more over the websocket, but may still delete', async () => {
    const { db } = context.database;
    const [free] = await db.select().from(billingPlans).where(sql`${billingPlans.isFree}`);
    const filler = new Y.Doc();
    appendParagraph(filler, 'z'.repeat(5000));
    const { owner, document, client } = await openDocument(Y.encodeStateAsUpdate(filler));
    await db.update(billingPlans).set({ storageBytes: 5000 }).where(sql`${billingPlans.isFree}`);
    try {
      const text = client.doc.getXmlFragment('default').get(0) as Y.XmlElement;
      (text.get(0) as Y.XmlText).delete(0, 10);
      await acknowledged(client);
      const closed = closedWith(client);
      appendParagraph(client.doc, 'one line too many');
      expect(await closed).toBe('storage_quota_exceeded');
      expect(await storedText(document.id)).not.toContain('one line too many');
      const read = await getDoc(document.uniqCode, owner.headers);
      expect(read.json().data.html).not.toContain('one line too many');
    } finally {
      await db
        .update(billingPlans)
        .set({ storageBytes: free!.storageBytes })
        .where(sql`${billingPlans.isFree}`);
    }
  });
});
