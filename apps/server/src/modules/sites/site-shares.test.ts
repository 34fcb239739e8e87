import { randomBytes } from 'node:crypto';
import type { SiteShareData, SiteVersion, SiteVersionStatus } from '@tandem/contract/chat-sites';
import { ERRORS } from '@tandem/contract/errors';
import { VISITOR_TOKEN_HEADER } from '@tandem/contract/system';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentApi, useFakeModels } from '../../../test/agents.ts';
import { siteConversations, usePreviewServer } from '../../../test/sites.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { siteShares, siteVersions } from '../../db/schema.ts';

const ctx = useTestApp();
const { call, data, person } = agentApi(ctx);
const fakes = useFakeModels(ctx);

const SHARE = '/api/chat/share-site';
const UNSHARE = '/api/chat/unshare-site';
const VERSIONS = '/api/chat/get-site-versions';

const preview = usePreviewServer(ctx);
const { siteConversation } = siteConversations(ctx, fakes);

/** A version as a build would leave it, its page saying `text`. */
async function addVersion(conversationId: string, version: number, status: SiteVersionStatus, text = '') {
  await ctx.database.db.insert(siteVersions).values({
    conversationId,
    version,
    status,
    files: [{ path: 'index.html', content: text }],
    output:
      status === 'ready'
        ? [
            { path: 'index.html', content: `<!doctype html><p>${text}</p>` },
            { path: 'assets/entry-0.js', content: `console.log(${JSON.stringify(text)})` },
          ]
        : null,
  });
}

const versionsOf = async (token: string, conversationId: string) =>
  (await data('GET', `${VERSIONS}?conversation_id=${conversationId}`, token)).data as SiteVersion[];

const share = async (token: string, conversationId: string, version: number) =>
  (await data('POST', SHARE, token, { conversation_id: conversationId, version })) as SiteShareData;

const pathOf = (url: string) => new URL(url).pathname;

describe('sharing a version of a site by link', () => {
  it('gives the owner one live link per ready version, on the preview origin, listed with the versions', async () => {
    const { owner, conversationId } = await siteConversation();
    await addVersion(conversationId, 1, 'ready', 'One');
    await addVersion(conversationId, 2, 'ready', 'Two');
    const link = await share(owner.token, conversationId, 1);
    expect(link.share_code).toMatch(/^[\w-]{32}$/);
    expect(link.share_url).toBe(`http://localhost:3001/s/${link.share_code}/`);
    // Shared again, at once or later, it answers the same link.
    const again = await Promise.all([1, 2, 3].map(() => share(owner.token, conversationId, 1)));
    expect(again.map((each) => each.share_code)).toEqual(Array(3).fill(link.share_code));
    const rows = await ctx.database.db
      .select()
      .from(siteShares)
      .where(eq(siteShares.conversationId, conversationId));
    expect(rows).toHaveLength(1);

    const versions = await versionsOf(owner.token, conversationId);
    expect(versions.map((each) => [each.version, each.shared, each.share_url])).toEqual([
      [2, false, null],
      [1, true, link.share_url],
    ]);
    // The pinned fields are as they were.
    expect(versions[1]!.preview_url).toMatch(/\/p\/.+\.1\.\d+\..+\/$/);
  });

  it('refuses a version still building or failed, and one that does not exist', async () => {
    const { owner, conversationId } = await siteConversation();
    await addVersion(conversationId, 1, 'building');
    await addVersion(conversationId, 2, 'fail');
    for (const version of [1, 2]) {
      const answer = await call('POST', SHARE, owner.token, { conversation_id: conversationId, version });
      expect([answer.status, answer.body.code]).toEqual([409, ERRORS.SITE_VERSION_NOT_READY.code]);
      expect(answer.body.msg).toBe('Only a version that built can be shared.');
    }
    const missing = await call('POST', SHARE, owner.token, { conversation_id: conversationId, version: 3 });
    expect([missing.status, missing.body.code]).toEqual([404, ERRORS.SITE_VERSION_NOT_FOUND.code]);
    const bad = await call('POST', SHARE, owner.token, { conversation_id: conversationId, version: 'x' });
    expect(bad.status).toBe(400);
  });

  it('lets nobody but the owner share or stop sharing: another user and a visitor find no conversation', async () => {
    const { owner, conversationId } = await siteConversation();
    await addVersion(conversationId, 1, 'ready', 'Mine');
    const link = await share(owner.token, conversationId, 1);
    const stranger = await person();
    const visitor = { [VISITOR_TOKEN_HEADER]: randomBytes(32).toString('base64url') };
    for (const url of [SHARE, UNSHARE]) {
      const payload = { conversation_id: conversationId, version: 1 };
      const byStranger = await call('POST', url, stranger.token, payload);
      expect([byStranger.status, byStranger.body.code]).toEqual([404, ERRORS.CONVERSATION_NOT_FOUND.code]);
      const byVisitor = await call('POST', url, undefined, payload, visitor);
      expect([byVisitor.status, byVisitor.body.code]).toEqual([404, ERRORS.CONVERSATION_NOT_FOUND.code]);
      expect((await call('POST', url, undefined, payload)).status).toBe(401);
    }
    // Still shared: their attempts to stop it changed nothing.
    expect((await preview.server.inject({ url: pathOf(link.share_url) })).statusCode).toBe(200);
  });
});

describe('a shared version on the preview origin', () => {
  it("serves that version's page and files to anyone, under the preview's policy, and nothing else", async () => {
    const { owner, conversationId } = await siteConversation();
    await addVersion(conversationId, 1, 'ready', 'First');
    await addVersion(conversationId, 2, 'ready', 'Second');
    const other = await siteConversation();
    await addVersion(other.conversationId, 1, 'ready', 'Elsewhere');
    const link = await share(owner.token, conversationId, 1);
    const base = pathOf(link.share_url);

    const page = await preview.server.inject({ url: base });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p>First</p>');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['set-cookie']).toBeUndefined();
    const policy = String(page.headers['content-security-policy']);
    for (const rule of ["default-src 'none'", "connect-src 'none'", 'sandbox allow-scripts']) {
      expect(policy).toContain(rule);
    }
    const script = await preview.server.inject({ url: `${base}assets/entry-0.js` });
    expect([script.statusCode, script.headers['content-type'], script.body]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'console.log("First")',
    ]);
    // Another version, another conversation, a made-up code: not found.
    const versions = await versionsOf(owner.token, conversationId);
    expect(versions.find((each) => each.version === 2)!.shared).toBe(false);
    for (const url of [
      `${base}../2/`,
      `/s/${'A'.repeat(32)}/`,
      '/s/short/',
      `${base}../../p/${link.share_code}/`,
    ]) {
      const answer = await preview.server.inject({ url });
      expect(answer.body, url).not.toMatch(/Second|Elsewhere/);
      expect(answer.statusCode, url).toBe(404);
    }
  });

  it('stops at once when the owner stops sharing, and can be shared again under a new code', async () => {
    const { owner, conversationId } = await siteConversation();
    await addVersion(conversationId, 1, 'ready', 'Revoked');
    const link = await share(owner.token, conversationId, 1);
    expect((await preview.server.inject({ url: pathOf(link.share_url) })).statusCode).toBe(200);
    expect(await data('POST', UNSHARE, owner.token, { conversation_id: conversationId, version: 1 })).toBe(
      null,
    );
    const gone = await preview.server.inject({ url: pathOf(link.share_url) });
    expect([gone.statusCode, gone.headers['cache-control']]).toEqual([404, 'no-store']);
    expect(
      (await preview.server.inject({ url: `${pathOf(link.share_url)}assets/entry-0.js` })).statusCode,
    ).toBe(404);
    const [version] = await versionsOf(owner.token, conversationId);
    expect([version!.shared, version!.share_url]).toEqual([false, null]);
    // Stopping what is not shared changes nothing; a version that does not exist is not found.
    await data('POST', UNSHARE, owner.token, { conversation_id: conversationId, version: 1 });
    const missing = await call('POST', UNSHARE, owner.token, { conversation_id: conversationId, version: 5 });
    expect([missing.status, missing.body.code]).toEqual([404, ERRORS.SITE_VERSION_NOT_FOUND.code]);

    const renewed = await share(owner.token, conversationId, 1);
    expect(renewed.share_code).not.toBe(link.share_code);
    expect((await preview.server.inject({ url: pathOf(renewed.share_url) })).statusCode).toBe(200);
    expect((await preview.server.inject({ url: pathOf(link.share_url) })).statusCode).toBe(404);
  });

  it('is not found once the conversation is deleted', async () => {
    const { owner, conversationId } = await siteConversation();
    await addVersion(conversationId, 1, 'ready', 'Deleted');
    const link = await share(owner.token, conversationId, 1);
    await data('POST', '/api/chat/delete-conversation', owner.token, { conversation_id: conversationId });
    expect((await preview.server.inject({ url: pathOf(link.share_url) })).statusCode).toBe(404);
  });
});
