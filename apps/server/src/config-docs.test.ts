// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/configuration.md is where an operator learns what the server can be told: a variable config.ts
// reads that the table leaves out cannot be found, and a row config.ts no longer reads is a setting that
// silently does nothing. No database: this reads two files.

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The variables config.ts reads: its environment schema's keys, and any `env.NAME` read beside it. */
function variablesRead(source: string): Set<string> {
  const start = source.indexOf('const schema = z.object({');
  const end = source.indexOf('\n});', start);
  if (start < 0 || end < 0) throw new Error('config.ts: `const schema = z.object({ … });` not found');
  const keys = [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]);
  const direct = [...source.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"`]([A-Z][A-Z0-9_]*)['"`]\])/g)].map(
    (match) => match[1] ?? match[2],
  );
  return new Set([...keys, ...direct].filter((name): name is string => Boolean(name)));
}

/** The variables docs/configuration.md's table names: those in backticks in a row's first cell. */
function variablesDocumented(doc: string): Set<string> {
  const rows = doc.split('\n').filter((line) => line.startsWith('| `'));
  return new Set(
    rows.flatMap((row) =>
      [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ''),
    ),
  );
}

describe('docs/configuration.md', () => {
  const readByServer = variablesRead(read('apps/server/src/config.ts'));
  const documented = variablesDocumented(read('docs/configuration.md'));

  it('finds the variables on both sides', () => {
    // A parse that found nothing would make the two checks below pass on nothing.
    expect(readByServer.size).toBeGreaterThan(50);
    expect(readByServer).toContain('PORT');
    expect(documented).toContain('PORT');
  });

  it('lists every environment variable config.ts reads', () => {
    expect([...readByServer].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('lists no variable config.ts does not read', () => {
    expect([...documented].filter((name) => !readByServer.has(name))).toEqual([]);
  });
});
