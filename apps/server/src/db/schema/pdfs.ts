import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { documents } from './projects.ts';

/**
 * A catalogue node of kind `pdf`: the uploaded file it shows (held through
 * `document_files` as well, so it counts towards the team's storage and outlives it no longer than
 * any copy), and each page's text as pdf.js read it at upload, which the knowledge index chunks.
 */
export const documentPdfs = pgTable(
  'document_pdfs',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    pageCount: integer('page_count').notNull(),
    /** One entry a page, in order: lines separated by `\n`, paragraphs by a blank line. */
    pageTexts: jsonb('page_texts').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_pdfs_file').on(t.fileId)],
);
