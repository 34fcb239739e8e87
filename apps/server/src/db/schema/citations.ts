import type { Citation } from '@tandem/contract/citation';
import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { chatMessages } from './chat.ts';

/**
 * The numbered sources an agent's reply cites, as they were when it was written: the
 * document, its passage and page. Whether the reader may still open each one is decided when it is
 * read (the document may be gone, or out of their reach since).
 */
/**
 * A source as a reply keeps it: `cited` is missing on replies written before uncited sources were kept
 * (all cited).
 */
export type StoredCitation = Omit<Citation, 'available' | 'cited'> & { cited?: boolean };

export const messageCitations = pgTable('message_citations', {
  messageId: integer('message_id')
    .primaryKey()
    .references(() => chatMessages.id, { onDelete: 'cascade' }),
  citations: jsonb('citations').$type<StoredCitation[]>().notNull(),
});
