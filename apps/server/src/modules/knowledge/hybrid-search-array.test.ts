import { describeHybridSearch } from '../../../test/hybrid-search-suite.ts';

// Vectors compared in the server on every database, PGlite's pgvector left aside.
describeHybridSearch('array');
