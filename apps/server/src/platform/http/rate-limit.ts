import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * A per-process, per-IP first line in front of the calls that guess at secrets (sign-in, codes,
 * reset tokens). The rules that must hold across processes (code resend wait, codes per IP per hour,
 * account lock) live in the database; this one only sheds floods cheaply before they cost an argon2.
 */
export const GUESSING_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

export async function registerRateLimit(app: FastifyInstance) {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { data: { retry_after: Math.ceil(context.ttl / 1000) } }),
  });
}
