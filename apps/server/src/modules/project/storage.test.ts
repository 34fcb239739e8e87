import { describe, expect, it } from 'vitest';
import { tinyPng } from '../../../test/factories.ts';
import { projectApi } from '../../../test/projects.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createStorage } from '../../platform/storage/storage.ts';
import { createFileStore } from '../upload/file-store.ts';

const ctx = useTestApp();
const { data, team, project, doc, writeState, uploadInto } = projectApi(ctx);

const storageUsed = async (token: string) =>
  (await data('GET', '/api/team/curr-ver-packet-data', token)).storage_quota_used_numerical as number;

describe('a team’s storage use', () => {
  it('counts its documents and the uploads they hold, in the trash too, and goes down when they are deleted for good', async () => {
    const { owner } = await team('Storage Works');
    const other = (await team('Other Storage')).owner;
    const { id: projectId } = await project(owner.token);
    expect(await storageUsed(owner.token)).toBe(0);

    const group = await doc(owner.token, projectId, { kind: 'group' });
    const page = await doc(owner.token, projectId, { parent: group });
    await writeState(page, 1000);
    const image = tinyPng();
    const uploaded = await uploadInto(owner.token, page, image);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await storageUsed(owner.token)).toBe(1000 + image.length);
    // An upload without a document (an avatar, a cover) counts for the team it is made in, the other
    // team not at all.
    expect((await uploadInto(owner.token, undefined, image)).statusCode).toBe(200);
    const held = 1000 + 2 * image.length;
    expect(await storageUsed(owner.token)).toBe(held);
    expect(await storageUsed(other.token)).toBe(0);

    // A copy holds the same picture: it is counted once, and stays counted while the copy lives.
    await data('POST', '/api/knowledge/copy-doc', owner.token, { id: page });
    expect(await storageUsed(owner.token)).toBe(held + 1000);
    await data('DELETE', '/api/knowledge/delete-doc', owner.token, { ids: [page] });
    // In the trash a document can come back, so it still counts; deleted for good it does not.
    expect(await storageUsed(owner.token)).toBe(held + 1000);
    await data('DELETE', '/api/knowledge/purge-doc', owner.token, { ids: [page] });
    expect(await storageUsed(owner.token)).toBe(held);
    // The group goes with the copy inside it; the account's own upload stays.
    await data('DELETE', '/api/knowledge/delete-doc', owner.token, { ids: [group] });
    await data('DELETE', '/api/knowledge/purge-doc', owner.token, { ids: [group] });
    expect(await storageUsed(owner.token)).toBe(image.length);
  });

  it('refuses an upload into a document the caller may only read, or cannot see', async () => {
    const { owner, member } = await team();
    const viewer = await member();
    const stranger = (await team('Elsewhere')).owner;
    const { id: projectId } = await project(owner.token, { team_permission: 'viewer' });
    const page = await doc(owner.token, projectId);
    const asViewer = await uploadInto(viewer.token, page, tinyPng());
    expect([asViewer.statusCode, asViewer.json().code]).toEqual([403, 1003]);
    const asStranger = await uploadInto(stranger.token, page, tinyPng());
    expect([asStranger.statusCode, asStranger.json().code]).toEqual([404, 2201]);
    const tooBig = await uploadInto(owner.token, 2 ** 31, tinyPng());
    expect([tooBig.statusCode, tooBig.json().code]).toEqual([400, 1001]);
    expect(await storageUsed(owner.token)).toBe(0);
  });

  it('deletes the bytes of uploads no document holds any more, after a grace, and nothing else', async () => {
    const { owner } = await team();
    const { id: projectId } = await project(owner.token);
    const [gone, kept] = [await doc(owner.token, projectId), await doc(owner.token, projectId)];
    const upload = async (docId: number | undefined) =>
      (await uploadInto(owner.token, docId, tinyPng())).json().data as { id: string; file: string };
    const [orphan, held, avatar] = [await upload(gone), await upload(kept), await upload(undefined)];
    await data('DELETE', '/api/knowledge/delete-doc', owner.token, { ids: [gone] });
    await data('DELETE', '/api/knowledge/purge-doc', owner.token, { ids: [gone] });
    const served = async (url: string) =>
      (await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } }))
        .statusCode;
    expect(await served(orphan.file)).toBe(200);

    const storage = await createStorage(ctx.config.storage);
    const store = createFileStore(ctx.database.db, storage);
    // Within the grace nothing goes; past it only the upload of the deleted document does.
    expect((await store.deleteOrphans({ graceMs: 3_600_000, limit: 100 })).ids).toEqual([]);
    // (The first test's deleted documents left an orphan too.)
    const swept = await store.deleteOrphans({ graceMs: 0, limit: 100 });
    expect(swept.ids).toContain(orphan.id);
    expect(swept.ids).not.toContain(held.id);
    expect(swept.ids).not.toContain(avatar.id);
    expect(swept.leftBytes).toEqual([]);
    expect(await storage.head(`uploads/${orphan.id}`)).toBeUndefined();
    expect([await served(orphan.file), await served(held.file), await served(avatar.file)]).toEqual([
      404, 200, 200,
    ]);
    expect((await store.deleteOrphans({ graceMs: 0, limit: 100 })).ids).toEqual([]);
    await storage.close();
  });
});
