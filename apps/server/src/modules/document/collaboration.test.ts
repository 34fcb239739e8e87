import { KNOWLEDGE_API } from '@tandem/contract/api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addProjectMember,
  appendParagraph,
  createDocument,
  createMember,
  createProject,
  joinTeam,
  textOf,
  useCollabClients,
  whenDoc,
} from '../../../test/documents.ts';
import { until } from '../../../test/eventually.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { documentStates, documents } from '../../db/schema.ts';
import { createCollabTokens } from './collab-tokens.ts';
import { closeLiveDocuments } from './live-documents.ts';

/**
 * The collaboration websocket with real Hocuspocus clients: who may open a document, who may change
 * it, and that what editors write reaches the others and the database.
 */
describe('collaboration websocket', () => {
  const context = useTestApp();
  const open = useCollabClients(context);

  async function tokenFor(headers: Record<string, string> | undefined, body: object) {
    const response = await context.app.inject({
      method: 'POST',
      url: KNOWLEDGE_API.collabToken,
      headers,
      payload: body,
    });
    return response;
  }

  async function setup() {
    const { app, database } = context;
    const owner = await createMember(app, database.db);
    const project = await createProject(database.db, owner);
    const document = await createDocument(database.db, project.id, { name: 'Plan' });
    return { owner, project, document };
  }

  const getDoc = async (uniqCode: string, headers?: Record<string, string>, shareCode?: string) =>
    context.app.inject({
      method: 'GET',
      url: `${KNOWLEDGE_API.getDoc}?uniq_code=${uniqCode}${shareCode ? `&share_code=${shareCode}` : ''}`,
      headers,
    });

  it('two editors of a document see each other’s text, and it is stored in the database', async () => {
    const { owner, project, document } = await setup();
    const colleague = await createMember(context.app, context.database.db);
    await joinTeam(context.database.db, owner.teamId, colleague.id);
    await addProjectMember(context.database.db, project.id, colleague.id, 'editor');

    const first = (await tokenFor(owner.headers, { doc_id: document.id })).json().data;
    expect(first).toMatchObject({ can_edit: true, document_name: String(document.id), expires_in: 60 });
    const second = (await tokenFor(colleague.headers, { doc_id: document.id })).json().data;
    expect(second.can_edit).toBe(true);

    const a = open(first.document_name, first.token);
    const b = open(second.document_name, second.token);
    expect(await a.authenticated).toBe(true);
    expect(await b.authenticated).toBe(true);
    await Promise.all([a.synced, b.synced]);

    appendParagraph(a.doc, 'from the owner');
    appendParagraph(b.doc, 'from the colleague');
    await whenDoc(a.doc, () => textOf(a.doc).includes('from the colleague'), 'the colleague’s text');
    await whenDoc(b.doc, () => textOf(b.doc).includes('from the owner'), 'the owner’s text');

    const read = (await getDoc(document.uniqCode, owner.headers)).json().data;
    expect(read.html).toContain('from the owner');
    expect(read.markdown).toContain('from the colleague');
    expect(read.can_edit).toBe(true);
    // The editor asks without the content, which it gets through the websocket.
    const meta = await context.app.inject({
      method: 'GET',
      url: `${KNOWLEDGE_API.getDoc}?uniq_code=${document.uniqCode}&with_content=0`,
      headers: owner.headers,
    });
    // The same document, with no content; its updated_at moves on if the editors' text is stored in
    // between (a store follows edits by a second or two, and the content read takes a worker's turn).
    expect(meta.json().data).toEqual({ ...read, html: '', markdown: '', updated_at: expect.any(String) });
    expect(Date.parse(meta.json().data.updated_at)).toBeGreaterThanOrEqual(Date.parse(read.updated_at));

    a.destroy();
    b.destroy();
    const stored = await until(
      async () => {
        const [row] = await context.database.db
          .select()
          .from(documentStates)
          .where(eq(documentStates.documentId, document.id));
        if (!row) return undefined;
        const copy = new Y.Doc();
        Y.applyUpdate(copy, row.state);
        return textOf(copy).includes('from the colleague') && textOf(copy).includes('from the owner')
          ? row
          : undefined;
      },
      'both lines stored',
      { timeout: 60_000 },
    );
    expect(stored.byteSize).toBe(stored.state.byteLength);
  });

  it('a viewer opens the document read-only: their edits reach no one', async () => {
    const { owner, project, document } = await setup();
    const viewer = await createMember(context.app, context.database.db);
    await joinTeam(context.database.db, owner.teamId, viewer.id);
    await addProjectMember(context.database.db, project.id, viewer.id, 'viewer');

    const editorToken = (await tokenFor(owner.headers, { doc_id: document.id })).json().data;
    const viewerToken = (await tokenFor(viewer.headers, { doc_id: document.id })).json().data;
    expect(viewerToken.can_edit).toBe(false);

    const editor = open(editorToken.document_name, editorToken.token);
    const reader = open(viewerToken.document_name, viewerToken.token);
    expect(await reader.authenticated).toBe(true);
    await Promise.all([editor.synced, reader.synced]);
    expect(reader.provider.authorizedScope).toBe('readonly');

    appendParagraph(reader.doc, 'viewer scribble');
    // The server handles one connection's messages in order: once it answers a later sync request,
    // it has dealt with the edit.
    const answered = new Promise<void>((resolve) => reader.provider.on('message', () => resolve()));
    reader.provider.forceSync();
    await answered;
    appendParagraph(editor.doc, 'editor line');
    await whenDoc(reader.doc, () => textOf(reader.doc).includes('editor line'), 'the editor’s line');

    expect(textOf(editor.doc)).not.toContain('viewer scribble');
    const read = (await getDoc(document.uniqCode, viewer.headers)).json().data;
    expect(read.can_edit).toBe(false);
    expect(read.html).toContain('editor line');
    expect(read.html).not.toContain('viewer scribble');
  });

  it('refuses a token for another document, another team’s member, a forged or an expired token', async () => {
    const { owner, document } = await setup();
    const other = await setup();
    const ownToken = (await tokenFor(owner.headers, { doc_id: document.id })).json().data.token;

    // Someone of another team gets no token for it, and their token for their own document opens only that.
    const outsider = await tokenFor(other.owner.headers, { doc_id: document.id });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().code).toBe(2201);
    const outsiderToken = (await tokenFor(other.owner.headers, { doc_id: other.document.id })).json().data
      .token;

    const tokens = createCollabTokens(context.config.realtime.secret);
    const grant = { documentId: document.id, userId: owner.id, canEdit: true, shareCode: null };
    const forged = createCollabTokens('another-secret-0123456789-0123456789-abc');

    const refusals = await Promise.all(
      [
        [String(document.id), outsiderToken],
        [String(other.document.id), ownToken],
        [String(document.id), await forged.sign(grant)],
        [String(document.id), 'not-a-token'],
      ].map(([name, token]) => open(name!, token!).authenticated),
    );
    expect(refusals).toEqual([false, false, false, false]);

    // The same token that opens the document while fresh is refused once it has expired.
    expect(await open(String(document.id), await tokens.sign(grant)).authenticated).toBe(true);
    const lapsed = await tokens.sign(grant, -5);
    expect(await open(String(document.id), lapsed).authenticated).toBe(false);
  });

  it('a share link opens one document read-only to a visitor, until it is revoked', async () => {
    const { owner, project } = await setup();
    const shared = await createDocument(context.database.db, project.id, {
      name: 'Shared',
      shareCode: 'share-abc-123',
    });
    const response = await tokenFor(undefined, { doc_id: shared.id, share_code: 'share-abc-123' });
    expect(response.json().data.can_edit).toBe(false);
    const visitor = open(String(shared.id), response.json().data.token);
    expect(await visitor.authenticated).toBe(true);
    expect(visitor.provider.authorizedScope).toBe('readonly');

    const read = (await getDoc(shared.uniqCode, undefined, 'share-abc-123')).json().data;
    expect(read).toMatchObject({
      id: shared.id,
      can_edit: false,
      name: 'Shared',
      share_code: 'share-abc-123',
    });
    expect((await getDoc(shared.uniqCode, undefined, 'wrong-code')).json().code).toBe(2202);
    expect((await getDoc(shared.uniqCode)).statusCode).toBe(401);
    expect((await tokenFor(undefined, { doc_id: shared.id, share_code: 'wrong' })).json().code).toBe(2202);
    void owner;

    // Revoked: the link reads nothing, and the token it gave opens nothing any more.
    const visitorToken = (
      await tokenFor(undefined, { doc_id: shared.id, share_code: 'share-abc-123' })
    ).json().data.token;
    await context.database.db.update(documents).set({ shareCode: null }).where(eq(documents.id, shared.id));
    expect((await getDoc(shared.uniqCode, undefined, 'share-abc-123')).json().code).toBe(2202);
    expect(await open(String(shared.id), visitorToken).authenticated).toBe(false);
  });

  it('save-online-doc replaces the content of the live document: an open editor sees it at once', async () => {
    const { owner, project, document } = await setup();
    const viewer = await createMember(context.app, context.database.db);
    await joinTeam(context.database.db, owner.teamId, viewer.id);
    await addProjectMember(context.database.db, project.id, viewer.id, 'viewer');
    const token = (await tokenFor(owner.headers, { doc_id: document.id })).json().data;
    const editor = open(token.document_name, token.token);
    await editor.synced;
    appendParagraph(editor.doc, 'old text');
    await until(
      async () =>
        (await getDoc(document.uniqCode, owner.headers)).json().data.html.includes('old text')
          ? true
          : undefined,
      'the old text on the server',
      { timeout: 60_000 },
    );

    const save = (headers: Record<string, string>, format: string, content: string) =>
      context.app.inject({
        method: 'POST',
        url: KNOWLEDGE_API.saveOnlineDoc,
        headers,
        payload: { doc_id: document.id, format, content },
      });
    expect((await save(owner.headers, 'markdown', '# Title\n\nNew **body**')).json().code).toBe(0);
    await whenDoc(editor.doc, () => textOf(editor.doc).includes('New body'), 'the saved text in the editor');
    expect(textOf(editor.doc)).not.toContain('old text');
    const read = (await getDoc(document.uniqCode, owner.headers)).json().data;
    expect(read.html).toBe('<h1>Title</h1><p>New <strong>body</strong></p>');
    expect(read.markdown).toBe('# Title\n\nNew **body**');

    expect(
      (
        await save(owner.headers, 'html', '<h2>Two</h2><script>alert(1)</script><p onclick="x()">safe</p>')
      ).json().code,
    ).toBe(0);
    expect((await getDoc(document.uniqCode, owner.headers)).json().data.html).toBe('<h2>Two</h2><p>safe</p>');

    const refused = await save(viewer.headers, 'html', '<p>viewer</p>');
    expect(refused.statusCode).toBe(403);
    expect((await getDoc(document.uniqCode, owner.headers)).json().data.html).not.toContain('viewer');
  });

  it('closeLiveDocuments closes the editors of a deleted document, and nothing reopens it', async () => {
    const { owner, document } = await setup();
    const first = (await tokenFor(owner.headers, { doc_id: document.id })).json().data.token;
    const spare = (await tokenFor(owner.headers, { doc_id: document.id })).json().data.token;
    const editor = open(String(document.id), first);
    await editor.synced;
    const closed = new Promise<string>((resolve) =>
      editor.provider.on('close', ({ event }: { event: { reason: string } }) => resolve(event.reason)),
    );
    await context.database.db.delete(documents).where(eq(documents.id, document.id));
    await closeLiveDocuments([document.id]);
    expect(await closed).toBe('document_deleted');
    expect(await open(String(document.id), spare).authenticated).toBe(false);
    // The editor's last edits, had there been any, are not written back for a document that is gone.
    const [state] = await context.database.db
      .select()
      .from(documentStates)
      .where(eq(documentStates.documentId, document.id));
    expect(state).toBeUndefined();
  });
});
