import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CollabClient, collaborationUrl, openCollabClient } from '../../../test/documents.ts';
import { projectApi } from '../../../test/projects.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { data, team, project, doc } = projectApi(ctx);
const clients: CollabClient[] = [];

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => {
  for (const client of clients) client.destroy();
});

/** An editor of the document, synced; `closed` answers the reason its connection closes with. */
async function openEditor(token: string, documentId: number) {
  const { token: collabToken } = await data('POST', '/api/knowledge/get-collab-token', token, {
    doc_id: documentId,
  });
  const client = openCollabClient(collaborationUrl(ctx.app), String(documentId), collabToken);
  clients.push(client);
  await client.synced;
  const closed = new Promise<string>((resolve) =>
    client.provider.on('close', ({ event }: { event: { reason: string } }) => resolve(event.reason)),
  );
  return { closed };
}

describe('deleting closes open editors', () => {
  it('closes the editor of a document inside a deleted group', async () => {
    const { owner } = await team('Open Editors');
    const { id: projectId } = await project(owner.token);
    const group = await doc(owner.token, projectId, { kind: 'group' });
    const page = await doc(owner.token, projectId, { parent: group });
    const { closed } = await openEditor(owner.token, page);
    await data('DELETE', '/api/knowledge/delete-doc', owner.token, { ids: [group] });
    expect(await closed).toBe('document_deleted');
  });

  it('closes the editors of a deleted project’s documents', async () => {
    const { owner } = await team('Open Editors');
    const { id: projectId } = await project(owner.token, { name: 'Gone' });
    const page = await doc(owner.token, projectId);
    const { closed } = await openEditor(owner.token, page);
    await data('POST', '/api/project/delete-project', owner.token, { id: projectId, confirm_name: 'Gone' });
    expect(await closed).toBe('document_deleted');
  });
});
