import type { SaveToProjectData, saveToProjectBody } from '@tandem/contract/agent-knowledge';
import { type Citation, citationPath } from '@tandem/contract/citation';
import { cleanDocName, UNNAMED_DOC } from '@tandem/contract/project-rules';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { importDocument } from '../../document/index.ts';
import type { FileStore } from '../../upload/index.ts';
import { citationsForReader } from '../reply/knowledge-replies.ts';
import { ownConversationWithAgent, snapshotMessages } from '../share/share.ts';

type Said = { id: number; role: 'user' | 'assistant'; content: string };

/** A reply's readable sources as a numbered list of links, after its text. */
const sourcesOf = (citations: readonly Citation[] | undefined) => {
  const readable = (citations ?? []).filter((cited) => cited.available);
  if (readable.length === 0) return '';
  const items = readable.map((cited) => `${cited.n}. [${cited.doc_name}](${citationPath(cited)})`);
  return `\n\n---\n\n${items.join('\n')}`;
};

/**
 * The Markdown of a reply (its own text, which is Markdown already) or of a conversation: each message
 * under its speaker's name, between rules, so the replies' own headings, code and tables stay as they are.
 */
export function conversationMarkdown(
  messages: readonly Said[],
  speakers: { user: string; agent: string },
  citations: Map<number, Citation[]>,
): string {
  return messages
    .map((message) => {
      const text = `${message.content.trim()}${sourcesOf(citations.get(message.id))}`;
      if (messages.length === 1) return text;
      const speaker = message.role === 'user' ? speakers.user : speakers.agent;
      return `**${speaker}**\n\n${text}`;
    })
    .join('\n\n---\n\n');
}

/**
 * "Save to project": a finished reply of the caller's conversation (`message_id`), or the whole
 * conversation as it would be shared, becomes a new document at the root of a project they may edit.
 * The import of Markdown makes it, so headings, code and tables come through as in any import.
 */
export async function saveToProject(
  deps: { db: Db; files: FileStore },
  userId: number,
  body: z.infer<typeof saveToProjectBody> & { youLabel: string },
): Promise<SaveToProjectData> {
  const { db } = deps;
  const conversation = await ownConversationWithAgent(db, userId, body.conversation_id);
  const { messages } = await snapshotMessages(db, { conversationId: conversation.id });
  const chosen =
    body.message_id === undefined
      ? messages.filter((message) => message.content.trim() !== '')
      : messages.filter((message) => message.id === body.message_id && message.role === 'assistant');
  if (chosen.length === 0 && body.message_id !== undefined) throw new AppError('MESSAGE_NOT_FOUND');
  if (chosen.length === 0) {
    throw new AppError('BAD_REQUEST', { fields: [{ field: 'conversation_id', message: 'nothing to save' }] });
  }
  const citations = await citationsForReader(
    db,
    userId,
    chosen.map((message) => message.id),
  );
  const markdown = conversationMarkdown(
    chosen,
    { user: body.youLabel, agent: conversation.agentName },
    citations,
  );
  const name = cleanDocName(body.name || conversation.title) || UNNAMED_DOC;
  const created = await importDocument(deps, userId, {
    projectId: body.project_id,
    parentId: null,
    fileName: `${name}.md`,
    bytes: Buffer.from(markdown, 'utf8'),
  });
  return { id: created.id, uniq_code: created.uniq_code, name, project_id: body.project_id };
}
