import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export type SpaBundle = { indexHtml: string; inlineScriptHashes: string[] };

/** Reads the built web app, if there is one; the CSP allows exactly its inline scripts by hash. */
export function readSpaBundle(distDir: string): SpaBundle | undefined {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  const indexHtml = readFileSync(indexPath, 'utf8');
  const inlineScriptHashes = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim().length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return { indexHtml, inlineScriptHashes };
}

/**
 * Serves the built web app: hashed assets cached for a year, precompressed `.br` / `.gz` files picked
 * by Accept-Encoding, and every other page path answered with index.html (history fallback).
 */
export async function registerSpa(app: FastifyInstance, distDir: string, bundle: SpaBundle) {
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.includes(`${join(distDir, 'assets')}`) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.get('/', (_request, reply) => sendIndex(reply, bundle));
  return (_request: unknown, reply: FastifyReply) => sendIndex(reply.code(200), bundle);
}

/** The app's page, for any of its paths. */
export function sendIndex(reply: FastifyReply, bundle: SpaBundle) {
  return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(bundle.indexHtml);
}
