import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { authenticate, type SessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionUser;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token && token.length <= 128 ? token : undefined;
}

/**
 * An onRequest hook for routes that need a signed-in user: it runs before the body is read or
 * validated, so a caller without a session learns nothing about the payload. When the session's lifetime was renewed the
 * token travels back in the `authorization` header so the client refreshes its 15-day cookie.
 */
export function requireSession(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signIn(db, request, reply);
  };
}

/** Authenticates the request's bearer token (for routes where only some inputs need a session). */
export async function signIn(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<SessionUser> {
  const token = bearerToken(request);
  if (!token) throw new AppError('LOGIN_INVALID');
  request.session = await authenticate(db, token);
  if (request.session.renewed) reply.header('authorization', `Bearer ${token}`);
  return request.session;
}

/** The caller's user id on a public route: undefined for a visitor or a token that no longer works. */
export async function optionalUserId(db: Db, request: FastifyRequest): Promise<number | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  return authenticate(db, token).then(
    (session) => session.userId,
    () => undefined,
  );
}

export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.session) throw new AppError('LOGIN_INVALID');
  return request.session;
}
