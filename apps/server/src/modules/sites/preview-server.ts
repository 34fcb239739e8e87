import { SITE_PICK_SCRIPT_PATH } from '@tandem/contract/chat-site-pick';
import { and, eq, isNull } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { conversations, siteVersions } from '../../db/schema.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { createFileStore } from '../upload/index.ts';
import { PICK_SCRIPT, withPickScript } from './pick-script.ts';
import type { PreviewLinks } from './preview-links.ts';
import { SITE_IMAGE_PREFIX, siteImageFile } from './site-images.ts';
import { sharedSiteVersion } from './site-shares.ts';

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/**
 * What a built page may do on the preview origin: run its own scripts and styles, show images from
 * itself, data and blob addresses; nothing else. No connections (it cannot call our API, or send what
 * it sees anywhere), no forms, no plugins, framed only by the app. `sandbox allow-scripts` makes it an
 * opaque origin even opened in a tab of its own: no cookies, no storage, no top-window navigation.
 */
export const previewPolicy = (selfOrigin: string, appOrigins: string[]) =>
  [
    "default-src 'none'",
    `script-src ${selfOrigin} 'unsafe-inline'`,
    `style-src ${selfOrigin} 'unsafe-inline'`,
    `img-src ${selfOrigin} data: blob:`,
    `font-src ${selfOrigin} data:`,
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${appOrigins.length > 0 ? appOrigins.join(' ') : "'none'"}`,
    'sandbox allow-scripts',
  ].join('; ');

export type PreviewServerDeps = {
  db: Db;
  previewLinks: PreviewLinks;
  /** Where the sites' images are (the app's file storage). */
  storage: ObjectStorage;
  /** Origins of the web app, which may frame previews; without any, the request's host on any port. */
  appOrigins: (request: { protocol: string; hostname: string }) => string[];
  logger?: FastifyBaseLogger | false;
};

type Target = { conversationId: string; version: number };

/**
 * The preview origin: a server of its own (another port or host than the app's) that serves built
 * versions at `/p/<signed token>/<path>` (the owner's, expiring; its pages get element chat's pick
 * script) and shared ones at `/s/<share code>/<path>` (anyone's, until revoked), and that script;
 * nothing else. It reads no cookie and sets none; the token or code is the only key, and it opens one
 * ready version of a live conversation: its page, and the conversation's images at `assets/<name>`.
 */
export function createPreviewServer({ db, previewLinks, storage, appOrigins, logger }: PreviewServerDeps) {
  const preview = Fastify({ loggerInstance: logger || undefined });
  const files = createFileStore(db, storage);

  preview.get(SITE_PICK_SCRIPT_PATH, async (request, reply) =>
    reply
      .headers({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' })
      .header(
        'content-security-policy',
        previewPolicy(`${request.protocol}://${request.host}`, appOrigins(request)),
      )
      .header('cache-control', 'public, max-age=300')
      .type(CONTENT_TYPES.js!)
      .send(PICK_SCRIPT),
  );

  async function serveVersion(
    request: FastifyRequest<{ Params: { '*': string } }>,
    reply: FastifyReply,
    target: Target | undefined,
    cacheControl: string,
    /** The owner's preview: pages get the pick script. */
    isPickable = false,
  ) {
    reply.headers({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    const notFound = () =>
      reply.code(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
    const path = request.params['*'] === '' ? 'index.html' : request.params['*'];
    const [row] = target
      ? await db
          .select({ output: siteVersions.output })
          .from(siteVersions)
          .innerJoin(conversations, eq(conversations.id, siteVersions.conversationId))
          .where(
            and(
              eq(siteVersions.conversationId, target.conversationId),
              eq(siteVersions.version, target.version),
              eq(siteVersions.status, 'ready'),
              isNull(conversations.deletedAt),
            ),
          )
      : [];
    if (!target || !row) return notFound();
    const selfOrigin = `${request.protocol}://${request.host}`;
    reply
      .header('content-security-policy', previewPolicy(selfOrigin, appOrigins(request)))
      .header('cache-control', cacheControl);
    const file = row.output?.find((each) => each.path === path);
    if (file) {
      const extension = path.slice(path.lastIndexOf('.') + 1);
      return reply
        .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .send(isPickable && extension === 'html' ? withPickScript(file.content) : file.content);
    }
    // Not built: an image of the conversation's site, the same for every version.
    const image = path.startsWith(SITE_IMAGE_PREFIX)
      ? await siteImageFile(db, target.conversationId, path.slice(SITE_IMAGE_PREFIX.length))
      : undefined;
    const bytes = image && (await files.open(image.fileId));
    if (!image || !bytes) return notFound();
    return reply.type(image.mimeType).header('content-length', bytes.size).send(bytes.body);
  }

  preview.get<{ Params: { token: string; '*': string } }>('/p/:token/*', (request, reply) =>
    serveVersion(request, reply, previewLinks.verify(request.params.token), 'private, max-age=3600', true),
  );

  // Checked again on every load: a revoked link stops working at once, cached copies included.
  preview.get<{ Params: { code: string; '*': string } }>('/s/:code/*', async (request, reply) =>
    serveVersion(request, reply, await sharedSiteVersion(db, request.params.code), 'no-cache'),
  );

  return preview;
}
