import { KNOWLEDGE_API, PROJECT_API, TEAM_API, USER_API } from '@tandem/contract/api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addProjectMember,
  appendParagraph,
  type CollabClient,
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
import { teams } from '../../db/schema.ts';

/**
 * Access taken away reaches the open collaboration connections at once: whoever lost a document stops
 * receiving and writing its edits; whoever may only read now writes nothing more.
 */
describe('collaboration access changes', () => {
  const context = useTestApp();
  const open = useCollabClients(context);

  const call = async (
    method: 'POST' | 'DELETE',
    path: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const response = await context.app.inject({ method, url: path, headers, payload });
    expect(response.json().code).toBe(0);
    return response.json().data;
  };

  async function connect(headers: Record<string, string> | undefined, body: object) {
    const { token, document_name: name } = await call('POST', KNOWLEDGE_API.collabToken, headers ?? {}, body);
    const client = open(name, token);
    expect(await client.authenticated).toBe(true);
    await client.synced;
    return client;
  }

  /** Settles with the reason the server gave when it closed the client's document. */
  const closedWith = (client: CollabClient) =>
    new Promise<string>((resolve) =>
      client.provider.on('close', ({ event }: { event: { reason: string } }) => resolve(event.reason)),
    );

  /** A project of the owner's team with a document the colleague edits as a project member. */
  async function sharedDocument(options: { access?: 'team_public' | 'team_private' } = {}) {
    const { app, database } = context;
    const owner = await createMember(app, database.db);
    const colleague = await createMember(app, database.db);
    await joinTeam(database.db, owner.teamId, colleague.id);
    const project = await createProject(database.db, owner, options);
    const document = await createDocument(database.db, project.id, { name: 'Plan' });
    const ownerClient = await connect(owner.headers, { doc_id: document.id });
    const witness = await connect(owner.headers, { doc_id: document.id });
    return { owner, colleague, project, document, ownerClient, witness };
  }

  async function editingColleague(setup: Awaited<ReturnType<typeof sharedDocument>>) {
    const client = await connect(setup.colleague.headers, { doc_id: setup.document.id });
    appendParagraph(client.doc, 'before the change');
    await whenDoc(
      setup.ownerClient.doc,
      () => textOf(setup.ownerClient.doc).includes('before the change'),
      'the first line',
    );
    return client;
  }

  /** Everything the client sent so far has been handled: the server answers its sync request after it. */
  async function roundTrip(client: CollabClient) {
    const answered = new Promise<void>((resolve) => client.provider.on('message', () => resolve()));
    client.provider.forceSync();
    await answered;
  }

  /**
   * The owner writes a line: an editor who still has the document (a second tab of the owner) gets
   * it, the one cut off does not; and what the cut-off client writes reaches no one.
   */
  async function expectCutOff(setup: Awaited<ReturnType<typeof sharedDocument>>, cutOff: CollabClient) {
    appendParagraph(cutOff.doc, 'written after the change');
    appendParagraph(setup.ownerClient.doc, 'the owner goes on');
    await whenDoc(
      setup.witness.doc,
      () => textOf(setup.witness.doc).includes('the owner goes on'),
      'the owner’s line',
    );
    await roundTrip(setup.witness);
    expect(textOf(cutOff.doc)).not.toContain('the owner goes on');
    expect(textOf(setup.witness.doc)).not.toContain('written after the change');
  }

  it('a project member removed (permission null) is closed out of the document at once', async () => {
    const setup = await sharedDocument();
    await addProjectMember(context.database.db, setup.project.id, setup.colleague.id, 'editor');
    const colleagueClient = await editingColleague(setup);
    const closed = closedWith(colleagueClient);
    await call('POST', PROJECT_API.setMember, setup.owner.headers, {
      project_id: setup.project.id,
      user_id: setup.colleague.id,
      permission: null,
    });
    expect(await closed).toBe('access_revoked');
    await expectCutOff(setup, colleagueClient);
  });

  it('a member downgraded to viewer keeps reading, and what they write reaches no one', async () => {
    const setup = await sharedDocument();
    await addProjectMember(context.database.db, setup.project.id, setup.colleague.id, 'editor');
    const colleagueClient = await editingColleague(setup);
    const notice = new Promise<string>((resolve) =>
      colleagueClient.provider.on('stateless', ({ payload }: { payload: string }) => resolve(payload)),
    );
    await call('POST', PROJECT_API.setMember, setup.owner.headers, {
      project_id: setup.project.id,
      user_id: setup.colleague.id,
      permission: 'viewer',
    });
    expect(JSON.parse(await notice)).toEqual({ type: 'read_only' });
    appendParagraph(colleagueClient.doc, 'written as a viewer');
    await roundTrip(colleagueClient);
    appendParagraph(setup.ownerClient.doc, 'the owner goes on');
    await whenDoc(
      colleagueClient.doc,
      () => textOf(colleagueClient.doc).includes('the owner goes on'),
      'the owner’s line',
    );
    await whenDoc(
      setup.witness.doc,
      () => textOf(setup.witness.doc).includes('the owner goes on'),
      'the owner’s line',
    );
    expect(textOf(setup.witness.doc)).not.toContain('written as a viewer');
  });

  it('a project made private closes it for the team members who were not invited to it', async () => {
    const setup = await sharedDocument({ access: 'team_public' });
    const colleagueClient = await editingColleague(setup);
    const closed = closedWith(colleagueClient);
    await call('POST', PROJECT_API.update, setup.owner.headers, {
      id: setup.project.id,
      access: 'team_private',
    });
    expect(await closed).toBe('access_revoked');
    await expectCutOff(setup, colleagueClient);
  });

  it('a member removed from the team (remove-out-team) is closed out of its documents', async () => {
    const setup = await sharedDocument();
    // An organisation's team: a personal one has no members to remove.
    await context.database.db.update(teams).set({ teamType: 0 }).where(eq(teams.id, setup.owner.teamId));
    await addProjectMember(context.database.db, setup.project.id, setup.colleague.id, 'editor');
    const colleagueClient = await editingColleague(setup);
    const closed = closedWith(colleagueClient);
    await call('DELETE', TEAM_API.removeOutTeam, setup.owner.headers, { user_ids: [setup.colleague.id] });
    expect(await closed).toBe('access_revoked');
  });

  it('a share link turned off closes its visitors’ documents: no more edits reach them', async () => {
    const setup = await sharedDocument();
    const { share_code: shareCode } = await call('POST', KNOWLEDGE_API.shareDoc, setup.owner.headers, {
      doc_id: setup.document.id,
      enabled: true,
    });
    const visitor = await connect(undefined, { doc_id: setup.document.id, share_code: shareCode });
    const closed = closedWith(visitor);
    await call('POST', KNOWLEDGE_API.shareDoc, setup.owner.headers, {
      doc_id: setup.document.id,
      enabled: false,
    });
    expect(await closed).toBe('access_revoked');
    await expectCutOff(setup, visitor);
  });

  it('signing out closes the documents that session had open', async () => {
    const setup = await sharedDocument();
    await addProjectMember(context.database.db, setup.project.id, setup.colleague.id, 'editor');
    const colleagueClient = await editingColleague(setup);
    const closed = closedWith(colleagueClient);
    await call('POST', USER_API.logout, setup.colleague.headers);
    expect(await closed).toBe('access_revoked');
  });

  it('presence carries the name of the token, and a share-link visitor shows none', async () => {
    const setup = await sharedDocument();
    await addProjectMember(context.database.db, setup.project.id, setup.colleague.id, 'viewer');
    const { share_code: shareCode } = await call('POST', KNOWLEDGE_API.shareDoc, setup.owner.headers, {
      doc_id: setup.document.id,
      enabled: true,
    });
    const reader = await connect(setup.colleague.headers, { doc_id: setup.document.id });
    const visitor = await connect(undefined, { doc_id: setup.document.id, share_code: shareCode });
    reader.provider.setAwarenessField('user', { name: 'The CEO', color: '#f00' });
    visitor.provider.setAwarenessField('user', { name: 'Admin', color: '#0f0' });
    const names = () =>
      [...setup.ownerClient.provider.awareness!.getStates().values()]
        .map((state) => (state.user as { name?: string } | undefined)?.name)
        .filter((name) => name !== undefined);
    await until(() => names().length >= 1, 'the reader’s presence', { timeout: 30_000 });
    // The visitor's state was sent before or with the reader's: once the reader's is in, it would be too.
    await roundTrip(visitor);
    await roundTrip(reader);
    expect(names()).not.toContain('The CEO');
    expect(names()).not.toContain('Admin');
    expect(names()).toHaveLength(1);
    expect(names()[0]).toMatch(/\*\*\*/);
  });
});
