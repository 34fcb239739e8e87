import { createHash } from 'node:crypto';
import { VISITOR_TOKEN_HEADER, VISITOR_TOKEN_PATTERN } from '@tandem/contract/system';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { bearerToken, signIn } from './guard.ts';

/**
 * Who is chatting: a signed-in user, or a visitor without an account (a web-public agent's link or
 * embed), known by the hash of the secret their browser sends in `x-visitor-token`.
 */
export type Chatter = { userId: number; visitorId: null } | { userId: null; visitorId: string };

declare module 'fastify' {
  interface FastifyRequest {
    visitorId?: string;
  }
}

/** The visitor id of a request's visitor token: its SHA-256, so the database never holds the secret. */
export function visitorIdOf(request: FastifyRequest): string | undefined {
  const token = request.headers[VISITOR_TOKEN_HEADER];
  if (typeof token !== 'string' || !VISITOR_TOKEN_PATTERN.test(token)) return undefined;
  return createHash('sha256').update(token).digest('hex');
}

/**
 * An onRequest hook for calls open to visitors: a bearer token must be a working session (a 401
 * otherwise, as everywhere); without one, a well-formed visitor token makes the caller a visitor.
 */
export function requireChatter(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (bearerToken(request)) {
      await signIn(db, request, reply);
      return;
    }
    const visitorId = visitorIdOf(request);
    if (!visitorId) throw new AppError('LOGIN_INVALID');
    request.visitorId = visitorId;
  };
}

export function chatterOf(request: FastifyRequest): Chatter {
  if (request.session) return { userId: request.session.userId, visitorId: null };
  if (request.visitorId) return { userId: null, visitorId: request.visitorId };
  throw new AppError('LOGIN_INVALID');
}

/** The subject a chatter's realtime tokens carry: the user id, or `visitor-<id>`. */
export const realtimeSubjectOf = (chatter: Chatter): string =>
  chatter.userId === null ? `visitor-${chatter.visitorId}` : String(chatter.userId);
