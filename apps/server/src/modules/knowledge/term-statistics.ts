import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { QueryTerm } from './search-tokens.ts';

/**
 * How common terms are among all chunks, from PostgreSQL's own statistics of the `terms` column
 * (ANALYZE keeps the most common lexemes of a tsvector column with the share of rows holding each;
 * any other lexeme is rarer than the least common of them).
 */
export type TermStatistics = { rows: number; shareOf: Map<string, number>; floor: number };

/** Chunks a query ranks at most, as the statistics estimate them: ranking reads each one. */
const CANDIDATE_BUDGET = 2000;
const STATISTICS_TTL_MS = 60_000;

const cached = new WeakMap<Db, { at: number; statistics: TermStatistics | undefined }>();

/** The statistics, read at most once a minute per database; undefined before the first ANALYZE. */
export async function termStatistics(db: Db): Promise<TermStatistics | undefined> {
  const hit = cached.get(db);
  if (hit && Date.now() - hit.at < STATISTICS_TTL_MS) return hit.statistics;
  const result = await db.execute(sql`select c.reltuples::float8 as rows,
      s.most_common_elems::text::text[] as terms, s.most_common_elem_freqs as shares
    from pg_class c
    left join pg_stats s on s.schemaname = current_schema() and s.tablename = 'knowledge_chunks'
      and s.attname = 'terms'
    where c.oid = 'knowledge_chunks'::regclass`);
  const [row] = (
    result as unknown as { rows: { rows: number; terms: string[] | null; shares: number[] | null }[] }
  ).rows;
  let statistics: TermStatistics | undefined;
  if (row?.terms && row.shares && Number(row.rows) > 0) {
    const shareOf = new Map(row.terms.map((term, i) => [term, Number(row.shares?.[i])]));
    // After the terms' shares come the least and the greatest of them (then the share of empty ones).
    statistics = { rows: Number(row.rows), shareOf, floor: Number(row.shares[row.terms.length] ?? 0) };
  }
  cached.set(db, { at: Date.now(), statistics });
  return statistics;
}

/** Makes the statistics afresh (ANALYZE of the chunks): the next search reads them. */
export async function analyzeTerms(db: Db) {
  await db.execute(sql`analyze knowledge_chunks`);
  cached.delete(db);
}

/**
 * The terms that pick the chunks a query ranks: the rarest first, as many as keep the estimated
 * chunks within a budget (always one at least). A term most chunks hold (计划, "team") still counts
 * in the ranking, but does not bring thousands of chunks to rank when rarer terms say more.
 */
export function candidateTerms(terms: QueryTerm[], statistics: TermStatistics | undefined): QueryTerm[] {
  if (!statistics) return terms;
  const estimate = ({ term, isPrefix }: QueryTerm) =>
    (isPrefix ? statistics.floor : (statistics.shareOf.get(term) ?? statistics.floor / 2)) * statistics.rows;
  const byRarity = terms.map((term) => ({ term, rows: estimate(term) })).sort((a, b) => a.rows - b.rows);
  const chosen: QueryTerm[] = [];
  let rows = 0;
  for (const candidate of byRarity) {
    if (chosen.length > 0 && rows + candidate.rows > CANDIDATE_BUDGET) break;
    chosen.push(candidate.term);
    rows += candidate.rows;
  }
  return chosen;
}
