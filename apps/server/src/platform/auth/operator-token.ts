import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';
import { bearerToken } from './guard.ts';

const digestOf = (text: string) => createHash('sha256').update(text).digest();

/**
 * An onRequest hook for operators' calls (metrics, backups) guarded by one configured token sent as
 * `Authorization: Bearer`: none answers 401, another 403. Digests are compared in constant time, so
 * the answer's timing says nothing about how much of a guess was right.
 */
export function requireOperatorToken(expected: string) {
  const expectedDigest = digestOf(expected);
  return (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
    const given = bearerToken(request);
    if (given === undefined) return done(new AppError('LOGIN_INVALID'));
    if (!timingSafeEqual(digestOf(given), expectedDigest)) return done(new AppError('FORBIDDEN'));
    done();
  };
}
