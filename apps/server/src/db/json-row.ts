import { getTableColumns, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * A table's row from its JSON (`row_to_json` in a database function: column names as keys, values
 * as JSON), read as a select of the table reads it: each column's own mapping (timestamps to Date,
 * numbers, arrays, jsonb).
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** The one value a `select f(…) as value` answers: a database function's JSON. */
export async function callJson<T>(db: Db | Tx, call: SQL): Promise<T | null> {
  const result = (await db.execute(call)) as unknown as { rows: { value: T | null }[] };
  return result.rows[0]?.value ?? null;
}
