import { describe } from 'vitest';
import { describeHybridSearch } from '../../../test/hybrid-search-suite.ts';

// Vectors compared in the server, PGlite's pgvector left aside. On PostgreSQL (no pgvector) that is what
// `auto` does, so hybrid-search.test.ts is already this run there.
describe.skipIf(process.env.TEST_DATABASE === 'postgres')('vectors always compared in the server', () => {
  describeHybridSearch('array');
});
