import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KNOWLEDGE_API, PROJECT_API } from '@tandem/contract/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { type ChildServer, startChildServer } from '../../../test/child-server.ts';
import {
  addProjectMember,
  appendParagraph,
  type CollabClient,
  createDocument,
  createMember,
  createProject,
  joinTeam,
  openCollabClient,
  textOf,
  whenDoc,
} from '../../../test/documents.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';

/**
 * Two real server processes on one PostgreSQL, as two nodes behind a load balancer: editors of one
 * document connected to different nodes see each other's edits, and an editor that went offline
 * (its tab even closed, its edits kept in IndexedDB) merges on its return.
 */
describe.runIf(process.env.TEST_DATABASE === 'postgres')('collaboration across two server processes', () => {
  let database: Database;
  let dataDirs: string[] = [];
  let nodes: ChildServer[] = [];
  const clients: CollabClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = {
      DATABASE_URL: database.url!,
      REALTIME_SECRET: 'collab-processes-secret-0123456789-abcdef',
      SECRETS_KEY: 'collab-processes-secrets-key-0123456789-abc',
    };
    dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'tandem-collab-')));
    for (const dataDir of dataDirs) nodes.push(await startChildServer({ ...shared, DATA_DIR: dataDir }));
  }, 240_000);

  afterAll(async () => {
    for (const client of clients) client.destroy();
    for (const node of nodes) {
      if (node.child.exitCode === null) node.child.kill('SIGKILL');
      await node.exited;
    }
    nodes = [];
    await database?.close();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  const wsOf = (node: ChildServer) => `${node.url.replace('http', 'ws')}/collaboration`;

  async function openDocument() {
    const owner = await createMember(nodes[0]!.app, database.db);
    const project = await createProject(database.db, owner);
    const document = await createDocument(database.db, project.id);
    // A fresh token each connect, as the editor asks for one: they last a minute.
    const token = (node: ChildServer) => async () =>
      (
        await node.app.inject({
          method: 'POST',
          url: KNOWLEDGE_API.collabToken,
          headers: owner.headers,
          payload: { doc_id: document.id },
        })
      ).json().data.token as string;
    const connect = (node: ChildServer, doc?: Y.Doc) => {
      const client = openCollabClient(wsOf(node), String(document.id), token(node), doc);
      clients.push(client);
      return client;
    };
    return { owner, document, connect };
  }

  it('editors on different processes see each other’s edits', async () => {
    const [one, two] = nodes as [ChildServer, ChildServer];
    const { connect, document } = await openDocument();
    const a = connect(one);
    const b = connect(two);
    await Promise.all([a.synced, b.synced]);
    appendParagraph(a.doc, 'typed on node one');
    appendParagraph(b.doc, 'typed on node two');
    await whenDoc(a.doc, () => textOf(a.doc).includes('typed on node two'), 'node two’s text on node one');
    await whenDoc(b.doc, () => textOf(b.doc).includes('typed on node one'), 'node one’s text on node two');
    // Both converge to the same document, not only the same lines.
    expect(Y.encodeStateVector(a.doc)).toEqual(Y.encodeStateVector(b.doc));
    expect(textOf(a.doc)).toBe(textOf(b.doc));

    // Someone of another team, with a genuine token for their own document, is refused on either node.
    const stranger = await openDocument();
    const strangerToken = await (
      await nodes[0]!.app.inject({
        method: 'POST',
        url: KNOWLEDGE_API.collabToken,
        headers: stranger.owner.headers,
        payload: { doc_id: stranger.document.id },
      })
    ).json().data.token;
    const intruder = openCollabClient(wsOf(two), String(document.id), strangerToken);
    clients.push(intruder);
    expect(await intruder.authenticated).toBe(false);

    // A third editor opening it later on either node gets everything, from memory or the database.
    const c = connect(two);
    await c.synced;
    await whenDoc(c.doc, () => textOf(c.doc) === textOf(a.doc), 'the whole document for a late editor');
  }, 120_000);

  it('an editor opening a document on another process sees what was typed there a moment ago', async () => {
    const [one, two] = nodes as [ChildServer, ChildServer];
    const { connect } = await openDocument();
    const writer = connect(one);
    await writer.synced;
    for (let line = 0; line < 20; line++) appendParagraph(writer.doc, `line ${line}`);
    // Opened at once, before node one's debounced store: node two asks node one for what it lacks.
    const late = connect(two);
    await late.synced;
    await whenDoc(late.doc, () => textOf(late.doc) === textOf(writer.doc), 'every line on the late editor');
  }, 120_000);

  it('a member removed on one process is closed out of the document she has open on the other', async () => {
    const [one, two] = nodes as [ChildServer, ChildServer];
    const { owner, document, connect } = await openDocument();
    const colleague = await createMember(one.app, database.db);
    await joinTeam(database.db, owner.teamId, colleague.id);
    const [row] = await database.db
      .select({ projectId: documents.projectId })
      .from(documents)
      .where(eq(documents.id, document.id));
    await addProjectMember(database.db, row!.projectId, colleague.id, 'editor');
    const token = await (
      await two.app.inject({
        method: 'POST',
        url: KNOWLEDGE_API.collabToken,
        headers: colleague.headers,
        payload: { doc_id: document.id },
      })
    ).json().data.token;
    const removed = openCollabClient(wsOf(two), String(document.id), token);
    clients.push(removed);
    await removed.synced;
    const closed = new Promise<string>((resolve) =>
      removed.provider.on('close', ({ event }: { event: { reason: string } }) => resolve(event.reason)),
    );
    const response = await one.app.inject({
      method: 'POST',
      url: PROJECT_API.setMember,
      headers: owner.headers,
      payload: { project_id: row!.projectId, user_id: colleague.id, permission: null },
    });
    expect(response.json().code).toBe(0);
    expect(await closed).toBe('access_revoked');
    // Her later edit reaches no one: an editor on node one keeps only its own lines.
    const writer = connect(one);
    await writer.synced;
    appendParagraph(removed.doc, 'written after the removal');
    appendParagraph(writer.doc, 'still editing');
    const witness = connect(two);
    await whenDoc(witness.doc, () => textOf(witness.doc).includes('still editing'), 'the editor’s line');
    expect(textOf(witness.doc)).not.toContain('written after the removal');
  }, 120_000);

  it('an offline editor’s edits, kept in IndexedDB across a closed tab, merge when it is back', async () => {
    const [one, two] = nodes as [ChildServer, ChildServer];
    const { connect, document } = await openDocument();
    const online = connect(one);
    const offlineDoc = new Y.Doc();
    const cache = new IndexeddbPersistence(`doc-${document.id}`, offlineDoc);
    const offline = connect(two, offlineDoc);
    await Promise.all([online.synced, offline.synced, cache.whenSynced]);
    appendParagraph(online.doc, 'before the outage');
    await whenDoc(
      offlineDoc,
      () => textOf(offlineDoc).includes('before the outage'),
      'the first line offline',
    );

    offline.socket.disconnect();
    appendParagraph(offlineDoc, 'written offline');
    appendParagraph(online.doc, 'written online meanwhile');
    // The tab closes while offline: only IndexedDB keeps its edits.
    offline.destroy();
    await cache.destroy();

    const reopened = new Y.Doc();
    const reopenedCache = new IndexeddbPersistence(`doc-${document.id}`, reopened);
    await reopenedCache.whenSynced;
    expect(textOf(reopened)).toContain('written offline');
    const back = connect(two, reopened);
    await back.synced;
    const hasAll = (doc: Y.Doc) =>
      ['before the outage', 'written offline', 'written online meanwhile'].every((line) =>
        textOf(doc).includes(line),
      );
    await whenDoc(reopened, () => hasAll(reopened), 'everything on the returning editor');
    await whenDoc(online.doc, () => hasAll(online.doc), 'the offline edit on the other node');
    await reopenedCache.destroy();
  }, 120_000);
});
