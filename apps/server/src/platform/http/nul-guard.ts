import type { FieldError } from '@tandem/contract/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** How deep a body is searched; deeper than any call's schema goes. */
const MAX_DEPTH = 8;

/** The dotted paths of the strings in `value` that hold a NUL character. */
function nulFields(value: unknown, path: string[], depth: number, found: FieldError[]) {
  if (typeof value === 'string') {
    if (value.includes('\u0000'))
      found.push({ field: path.join('.'), message: 'NUL characters are not allowed' });
    return;
  }
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) nulFields(inner, [...path, key], depth + 1, found);
}

/**
 * No call takes a NUL character: PostgreSQL cannot store one in text, so it would end in a 500. Every
 * request's body and query are checked before validation and such input answers 400 naming its field.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const found: FieldError[] = [];
    nulFields(request.query, [], 0, found);
    nulFields(request.body, [], 0, found);
    done(found.length > 0 ? new AppError('BAD_REQUEST', { fields: found }) : undefined);
  });
}
