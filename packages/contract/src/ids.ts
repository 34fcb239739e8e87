import { z } from 'zod';

/** Every numeric id column is a PostgreSQL `integer`: ids run from 1 to this. */
export const ID_MAX = 2_147_483_647;

/**
 * The id of a row, in a body or a query string (where it arrives as text). Bounded by the column, so
 * an id the database cannot hold answers 400 naming its field instead of failing in the query.
 */
export const entityId = z.coerce
  .number()
  .refine((value) => Number.isInteger(value) && value >= 1 && value <= ID_MAX, `an id from 1 to ${ID_MAX}`);

/** Several ids at once, each an `entityId`. */
export const entityIds = (max: number) => z.array(entityId).min(1).max(max);
