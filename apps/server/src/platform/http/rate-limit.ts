import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from './app-error.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/**
 * A per-IP first line in front of the calls that guess at secrets (sign-in, codes, reset tokens),
 * counted in the database so that it holds across server processes. The finer rules (code resend
 * wait, codes per IP per hour, account lock) live in their own tables; this one only sheds floods
 * before they cost an argon2.
 */
export const GUESSING_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

/** A route's `config` for at most `max` calls a minute per IP. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** Routes opt in with `config: { rateLimit }`; their counts live in `rate_limit_hits`, per route. */
export async function registerRateLimit(app: FastifyInstance, db: Db) {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(db, app.log),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { data: { retry_after: Math.ceil(context.ttl / 1000) } }),
  });
}
