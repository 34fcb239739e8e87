import {
  SITE_IMAGE_MAX_BYTES,
  SITE_IMAGES_MAX,
  type SiteImage,
  type SiteVersion,
} from '@tandem/contract/chat-sites';
import { ERRORS } from '@tandem/contract/errors';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentApi, useFakeModels } from '../../../test/agents.ts';
import { bearer, tinyPng } from '../../../test/factories.ts';
import { siteConversations, usePreviewServer } from '../../../test/sites.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { chatMessages, siteAssets, siteVersions } from '../../db/schema.ts';
import { siteImageBaseName } from './site-images.ts';

const ctx = useTestApp();
const { call, data, person } = agentApi(ctx);
const fakes = useFakeModels(ctx);

const UPLOAD = '/api/chat/upload-site-image';
const IMAGES = '/api/chat/get-site-images';

const preview = usePreviewServer(ctx);
const { webBuilder, sendAndWait, siteConversation } = siteConversations(ctx, fakes);

/** A conversation of a web builder's with `versions` ready versions, made without a build. */
async function siteWithVersions(versions = 1) {
  const made = await siteConversation();
  for (let version = 1; version <= versions; version += 1) {
    await ctx.database.db.insert(siteVersions).values({
      conversationId: made.conversationId,
      version,
      status: 'ready',
      files: [{ path: 'index.html', content: '' }],
      output: [{ path: 'index.html', content: `<img src="assets/logo.png"><p>${version}</p>` }],
    });
  }
  return made;
}

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const boundary = '----tandem-site-image';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    ...(file
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
          ),
          file.bytes,
          Buffer.from('\r\n'),
        ]
      : []),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const postForm = (token: string, form: ReturnType<typeof multipart>) =>
  ctx.app.inject({
    method: 'POST',
    url: UPLOAD,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });

const upload = (token: string, conversationId: string, name: string, bytes: Buffer) =>
  postForm(token, multipart({ conversation_id: conversationId }, { name, bytes }));

const uploaded = async (token: string, conversationId: string, name: string, bytes = tinyPng()) => {
  const answer = await upload(token, conversationId, name, bytes);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as SiteImage;
};

const previewUrlsOf = async (token: string, conversationId: string) =>
  (
    (await data('GET', `/api/chat/get-site-versions?conversation_id=${conversationId}`, token))
      .data as SiteVersion[]
  ).map((version) => new URL(version.preview_url!).pathname);

/** A GIF's first bytes: file-type knows it by them. */
const gif = () => Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);

describe('images of a site', () => {
  it('keeps an upload under a readable name of its own in the conversation, listed newest first', async () => {
    const { owner, conversationId } = await siteConversation();
    const first = await uploaded(owner.token, conversationId, 'My Logo!.PNG');
    expect(first).toMatchObject({
      name: 'my-logo.png',
      path: 'assets/my-logo.png',
      mime_type: 'image/png',
      size: tinyPng().length,
      url: expect.stringMatching(/^\/api\/upload\/files\/[\w-]{22}\.png$/),
    });
    // The same name again never replaces the image an earlier version shows.
    const second = await uploaded(owner.token, conversationId, 'my logo.png');
    expect(second.name).toBe('my-logo-2.png');
    // The type, and so the extension, comes from the bytes, not the name.
    const third = await uploaded(owner.token, conversationId, 'my-logo.png', gif());
    expect([third.name, third.mime_type]).toEqual(['my-logo.gif', 'image/gif']);
    const list = await data('GET', `${IMAGES}?conversation_id=${conversationId}`, owner.token);
    expect(list.total).toBe(3);
    expect(list.data.map((image: SiteImage) => image.name)).toEqual([
      'my-logo.gif',
      'my-logo-2.png',
      'my-logo.png',
    ]);
  });

  it('names images by letters, digits and dashes, "image" when nothing is left', () => {
    expect(siteImageBaseName('C:\\photos\\Team Photo (2).jpeg')).toBe('team-photo-2');
    expect(siteImageBaseName('照片.png')).toBe('image');
    expect(siteImageBaseName('')).toBe('image');
    expect(siteImageBaseName(`${'a'.repeat(60)}.png`)).toHaveLength(40);
  });

  it('takes an image up to 3.5 MB and refuses a larger one with a clear error', async () => {
    const { owner, conversationId } = await siteConversation();
    const atLimit = Buffer.concat([tinyPng(), Buffer.alloc(SITE_IMAGE_MAX_BYTES - tinyPng().length)]);
    expect((await uploaded(owner.token, conversationId, 'big.png', atLimit)).size).toBe(SITE_IMAGE_MAX_BYTES);
    const tooBig = await upload(
      owner.token,
      conversationId,
      'bigger.png',
      Buffer.concat([atLimit, Buffer.alloc(1)]),
    );
    expect([tooBig.statusCode, tooBig.json().code, tooBig.json().msg]).toEqual([
      413,
      ERRORS.SITE_IMAGE_TOO_LARGE.code,
      'An image for a page can be at most 3.5 MB.',
    ]);
  });

  it('refuses what is not a PNG, JPEG, GIF or WebP by its bytes, SVG included, whatever its name', async () => {
    const { owner, conversationId } = await siteConversation();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [name, bytes] of [
      ['picture.svg', svg],
      ['picture.png', Buffer.from('not an image at all')],
      ['doc.png', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')],
    ] as const) {
      const answer = await upload(owner.token, conversationId, name, bytes);
      expect([answer.statusCode, answer.json().code], name).toEqual([400, ERRORS.SITE_IMAGE_WRONG_TYPE.code]);
    }
    const list = await data('GET', `${IMAGES}?conversation_id=${conversationId}`, owner.token);
    expect(list.total).toBe(0);
  });

  it('asks for the conversation and the file, and holds at most SITE_IMAGES_MAX images', async () => {
    const { owner, conversationId } = await siteConversation();
    const noConversation = await postForm(owner.token, multipart({}, { name: 'a.png', bytes: tinyPng() }));
    expect([noConversation.statusCode, noConversation.json().code]).toEqual([400, ERRORS.BAD_REQUEST.code]);
    const noFile = await postForm(owner.token, multipart({ conversation_id: conversationId }));
    expect([noFile.statusCode, noFile.json().code]).toEqual([400, ERRORS.BAD_REQUEST.code]);

    const one = await uploaded(owner.token, conversationId, 'one.png');
    const [held] = await ctx.database.db
      .select({ fileId: siteAssets.fileId })
      .from(siteAssets)
      .where(eq(siteAssets.name, one.name));
    await ctx.database.db.insert(siteAssets).values(
      Array.from({ length: SITE_IMAGES_MAX - 1 }, (_, n) => ({
        conversationId,
        name: `filler-${n}.png`,
        fileId: held!.fileId,
      })),
    );
    const full = await upload(owner.token, conversationId, 'more.png', tinyPng());
    expect([full.statusCode, full.json().code, full.json().msg]).toEqual([
      409,
      ERRORS.SITE_IMAGES_FULL.code,
      `This page already has ${SITE_IMAGES_MAX} images: no more can be added.`,
    ]);
  });

  it("takes and lists images for the conversation's owner only", async () => {
    const { owner, conversationId } = await siteConversation();
    await uploaded(owner.token, conversationId, 'mine.png');
    const stranger = await person();
    const byStranger = await upload(stranger.token, conversationId, 'theirs.png', tinyPng());
    expect([byStranger.statusCode, byStranger.json().code]).toEqual([
      404,
      ERRORS.CONVERSATION_NOT_FOUND.code,
    ]);
    const list = await call('GET', `${IMAGES}?conversation_id=${conversationId}`, stranger.token);
    expect([list.status, list.body.code]).toEqual([404, ERRORS.CONVERSATION_NOT_FOUND.code]);
    expect((await call('GET', `${IMAGES}?conversation_id=${conversationId}`)).status).toBe(401);
  });
});

describe("a site's images on the preview origin", () => {
  it('are served beside every version of the conversation, with their type and nosniff, shared ones too', async () => {
    const { owner, conversationId } = await siteWithVersions(2);
    const image = await uploaded(owner.token, conversationId, 'logo.png');
    const [second, first] = await previewUrlsOf(owner.token, conversationId);
    for (const base of [first!, second!]) {
      const served = await preview.server.inject({ url: `${base}${image.path}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(String(served.headers['content-security-policy'])).toContain("default-src 'none'");
      expect(served.rawPayload.equals(tinyPng())).toBe(true);
    }
    // The page's policy lets it show them.
    const page = await preview.server.inject({ url: first! });
    expect(String(page.headers['content-security-policy'])).toMatch(/img-src http:\/\/localhost:80 /);
    const link = await data('POST', '/api/chat/share-site', owner.token, {
      conversation_id: conversationId,
      version: 1,
    });
    const shared = await preview.server.inject({ url: `${new URL(link.share_url).pathname}${image.path}` });
    expect([shared.statusCode, shared.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await preview.server.inject({ url: `${first}assets/other.png` })).statusCode).toBe(404);
  });

  it('are removed by the owner: not served any more, and the name free for the next image', async () => {
    const { owner, conversationId } = await siteWithVersions();
    const image = await uploaded(owner.token, conversationId, 'logo.png');
    const [base] = await previewUrlsOf(owner.token, conversationId);
    const remove = (token: string, name: string) =>
      call('POST', '/api/chat/delete-site-image', token, { conversation_id: conversationId, name });
    const stranger = await remove((await person()).token, image.name);
    expect([stranger.status, stranger.body.code]).toEqual([404, ERRORS.CONVERSATION_NOT_FOUND.code]);
    expect((await preview.server.inject({ url: `${base}${image.path}` })).statusCode).toBe(200);

    expect((await remove(owner.token, image.name)).status).toBe(200);
    expect((await preview.server.inject({ url: `${base}${image.path}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: image.url })).statusCode).toBe(404);
    const again = await remove(owner.token, image.name);
    expect([again.status, again.body.code]).toEqual([404, ERRORS.SITE_IMAGE_NOT_FOUND.code]);
    const list = await data('GET', `${IMAGES}?conversation_id=${conversationId}`, owner.token);
    expect(list.total).toBe(0);
    // A new image under the name is the one the versions show.
    expect((await uploaded(owner.token, conversationId, 'logo.png', gif())).name).toBe('logo.gif');
    expect((await uploaded(owner.token, conversationId, 'logo.png')).name).toBe('logo.png');
  });

  it("are not served at another conversation's address", async () => {
    const mine = await siteWithVersions();
    const image = await uploaded(mine.owner.token, mine.conversationId, 'secret.png');
    const other = await siteWithVersions();
    const [otherBase] = await previewUrlsOf(other.owner.token, other.conversationId);
    const answer = await preview.server.inject({ url: `${otherBase}${image.path}` });
    expect(answer.statusCode).toBe(404);
  });

  it("are taught to a web builder's model: assets/<name>, or a data URI", async () => {
    const { owner, agentId } = await webBuilder();
    const sent = await sendAndWait(owner.token, { agent_id: agentId, content: '/system' });
    const [reply] = await ctx.database.db
      .select({ content: chatMessages.content })
      .from(chatMessages)
      .where(eq(chatMessages.id, sent.assistant_message_id));
    expect(reply!.content).toContain('assets/<name>');
    expect(reply!.content).toContain('data: URI');
  });
});
