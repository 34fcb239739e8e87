import { z } from 'zod';

/** Every numeric id column is a PostgreSQL `integer`: ids run from 1 to this. */
export const ID_MAX = 2_147_483_647;

const ID_MESSAGE = `an id from 1 to ${ID_MAX}`;

/**
 * The id of a row, in a body or a query string (where it arrives as text): a JSON number or a string
 * of decimal digits, nothing else (no `true`, `[1]`, `"0x1"` or `"1e0"`, which a plain number
 * coercion reads as 1). Bounded by the column, so an id the database cannot hold answers 400 naming
 * its field instead of failing in the query.
 */
export const entityId = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,10}$/, ID_MESSAGE)
        .transform(Number),
    ],
    { error: ID_MESSAGE },
  )
  // One check, so a field fails with one message (zod runs every check of a chain, and a number past
  // 2^53 failed both `int` and `max`: the answer named its field twice).
  .pipe(z.number().refine((value) => Number.isInteger(value) && value >= 1 && value <= ID_MAX, ID_MESSAGE));

/** Several ids at once, each an `entityId`. */
export const entityIds = (max: number) => z.array(entityId).min(1).max(max);
