import { describeHybridSearch } from '../../../test/hybrid-search-suite.ts';

// pgvector on PGlite; vectors compared in the server on PostgreSQL 15 without pgvector.
describeHybridSearch('auto');
