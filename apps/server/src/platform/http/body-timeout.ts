import { Socket } from 'node:net';
import { ERRORS } from '@tandem/contract/errors';
import { translate } from '@tandem/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from './request-locale.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The largest body the route takes, when its own reading (multipart) sets it rather than `bodyLimit`. */
    bodyBytesMax?: number;
  }
}

const MB = 1024 * 1024;

/** An upload route's `config`: its body may take as long as its size limit asks for. */
export const uploadBody = (bytesMax: number) => ({ bodyBytesMax: bytesMax });

/** What a body of the route may take to arrive: `perMbMs` for every started MB of its limit. */
function timeoutOf(request: FastifyRequest, perMbMs: number) {
  const bytesMax = request.routeOptions.config.bodyBytesMax ?? request.routeOptions.bodyLimit ?? MB;
  return perMbMs * Math.max(1, Math.ceil(bytesMax / MB));
}

/** Answers 408 in the caller's language and closes the connection: the rest of the body is never read. */
function closeSlowRequest(request: FastifyRequest, reply: FastifyReply) {
  request.log.info('request body timed out');
  const socket = request.raw.socket;
  if (reply.raw.writableEnded) return;
  if (reply.raw.headersSent) {
    socket.destroy();
    return;
  }
  reply.hijack();
  const error = ERRORS.BODY_TIMEOUT;
  const body = JSON.stringify({
    code: error.code,
    msg: translate(requestLocale(request), `error.${error.key}`),
    data: null,
  });
  reply.raw.once('finish', () => socket.destroy());
  reply.raw.writeHead(error.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  reply.raw.end(body);
}

/**
 * Bodies that trickle in are cut off: a request whose body has not fully arrived `perMbMs` after its
 * headers (that much per MB of the route's limit, so a 20 MB upload gets 20 times as long) answers 408
 * and its connection is closed. Node's own request timeout is off in Fastify and is one figure for
 * every route, which an upload's limit would set for all.
 */
export function registerBodyTimeout(app: FastifyInstance, perMbMs: number) {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // No body announced (a websocket upgrade among them), a body already whole, or a request made in
    // the process (app.inject): nothing to wait for.
    const announcesBody =
      Number(raw.headers['content-length'] ?? 0) > 0 || 'transfer-encoding' in raw.headers;
    if (!announcesBody || raw.headers.upgrade || raw.complete || !(raw.socket instanceof Socket))
      return done();
    const timer = setTimeout(
      () => {
        if (!raw.complete && !raw.readableEnded) closeSlowRequest(request, reply);
      },
      timeoutOf(request, perMbMs),
    );
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
