import { SITE_PICK_SCRIPT_PATH } from '@tandem/contract/chat-site-pick';
import { and, eq, isNull } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { conversations, siteVersions } from '../../db/schema.ts';
import { PICK_SCRIPT, withPickScript } from './pick-script.ts';
import type { PreviewLinks } from './preview-links.ts';

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

/**
 * Where the app's own pages may frame previews from (their `frame-src`): the preview origin when it
 * is known ahead, else any host on the preview port, as routes.ts makes it from the request's host.
 */
export function previewFrameSources(config: {
  publicUrl: string | undefined;
  sites: { previewUrl: string | undefined; previewPort: number };
}): string[] {
  const { previewUrl, previewPort } = config.sites;
  if (previewUrl) return [new URL(previewUrl).origin];
  if (!config.publicUrl) return [`http://*:${previewPort}`, `https://*:${previewPort}`];
  const origin = new URL(config.publicUrl);
  origin.port = String(previewPort);
  return [origin.origin];
}

export type PreviewServerDeps = {
  db: Db;
  previewLinks: PreviewLinks;
  /** Origins of the web app, which may frame previews; without any, the request's host on any port. */
  appOrigins: (request: { protocol: string; hostname: string }) => string[];
  logger?: FastifyBaseLogger | false;
};

/**
 * The preview origin: a server of its own (another port or host than the app's) that serves built
 * versions at `/p/<signed token>/<path>` (their pages with element chat's pick script added) and that
 * script, nothing else. It reads no cookie and sets none; the token (see preview-links.ts) is the only
 * key, and it opens one ready version of a live conversation.
 */
export function createPreviewServer({ db, previewLinks, appOrigins, logger }: PreviewServerDeps) {
  const preview = Fastify({ loggerInstance: logger || undefined });

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

  preview.get<{ Params: { token: string; '*': string } }>('/p/:token/*', async (request, reply) => {
    reply.headers({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    const target = previewLinks.verify(request.params.token);
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
    const file = row?.output?.find((each) => each.path === path);
    if (!file)
      return reply.code(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
    const selfOrigin = `${request.protocol}://${request.host}`;
    const extension = path.slice(path.lastIndexOf('.') + 1);
    return reply
      .header('content-security-policy', previewPolicy(selfOrigin, appOrigins(request)))
      .header('cache-control', 'private, max-age=3600')
      .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
      .send(extension === 'html' ? withPickScript(file.content) : file.content);
  });

  return preview;
}
