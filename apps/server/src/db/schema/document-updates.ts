import { bigint, customType, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { documents } from './projects.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * Yjs updates of a document written before the collaboration server acknowledges them, so an edit
 * the editor was told is saved survives a crash. Folded into `document_states` (and deleted) when
 * the document's state is stored; loading a document applies its state and then these.
 */
export const documentUpdateLog = pgTable(
  'document_update_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_update_log_document').on(t.documentId, t.id)],
);
