import type { AiWritingAction, RewriteMode, TranslationTarget } from '@tandem/contract/ai-writing';
import type { LlmMessage } from '../../platform/llm/llm.ts';

/** What the model is asked to do with a selection: the editor's AI actions. */

export type WritingRequest = {
  action: AiWritingAction;
  mode?: RewriteMode;
  language?: TranslationTarget;
  text: string;
  context_before: string;
  context_after: string;
};

/** Each language named in English, which every model reads; Chinese is written in simplified characters. */
export const LANGUAGE_NAMES: Record<TranslationTarget, string> = {
  zh: 'Chinese (Simplified)',
  en: 'English',
  ja: 'Japanese',
  ko: 'Korean',
  fr: 'French',
  de: 'German',
};

const REWRITES: Record<RewriteMode, { title: string; instruction: string }> = {
  beautify: {
    title: 'Rewrite (beautify)',
    instruction:
      'Polish the selected text: make it read well, with precise words, smooth sentences and a consistent tone. Keep its meaning, facts and length about the same.',
  },
  simplify: {
    title: 'Rewrite (simplify)',
    instruction:
      'Make the selected text simpler and shorter: plain words, short sentences, nothing but what matters. Keep its meaning and facts.',
  },
  expand: {
    title: 'Rewrite (expand)',
    instruction:
      'Expand the selected text: develop its ideas with detail, explanation and examples that fit the document, about twice as long. Invent no facts about real people, figures or events.',
  },
  popularize: {
    title: 'Rewrite (popularize)',
    instruction:
      'Rewrite the selected text so that a general reader with no background understands it: everyday words, terms explained, an analogy where it helps. Keep its meaning and facts.',
  },
};

/** The task's one-line title (the system prompt's `Task:` line) and what it asks for. */
export function writingTask(request: WritingRequest): { title: string; instruction: string } {
  switch (request.action) {
    case 'rewrite':
      return REWRITES[request.mode ?? 'beautify'];
    case 'explain':
      return {
        title: 'Explain',
        instruction:
          'Explain the selected text to the reader: what it means, the terms and references in it, and why it matters in this document. Be clear and brief.',
      };
    case 'summary':
      return {
        title: 'Summary',
        instruction:
          'Summarize the selected text: its main points, in a few sentences or a short list, much shorter than the original.',
      };
    case 'translate': {
      const language = LANGUAGE_NAMES[request.language ?? 'en'];
      return {
        title: `Translate into ${language}`,
        instruction: `Translate the selected text into ${language}, faithfully and naturally, as a native writer would. Keep its formatting. Translate only; add nothing.`,
      };
    }
  }
}

const languageRule = (action: AiWritingAction) =>
  action === 'translate'
    ? 'Write the result in the target language only.'
    : 'Write in the language of the selected text.';

/**
 * The model's messages: the rules and the task as the system prompt, the selection and the text around
 * it (for context only) as the user's message, each part in its own tags.
 */
export function writingMessages(request: WritingRequest): LlmMessage[] {
  const task = writingTask(request);
  const system = [
    'You are the writing assistant of a document editor. The user selected part of a document and asks you to work on it.',
    `Task: ${task.title}`,
    task.instruction,
    'Rules:',
    '- Answer with the result only: no preamble, no remarks about what you did, no quotation marks around it.',
    '- Use Markdown only where the text needs formatting (lists, emphasis, headings, tables, code): it is inserted into the document as formatting.',
    `- ${languageRule(request.action)}`,
    '- The text before and after the selection is context only: never repeat it or work on it.',
  ].join('\n');
  const parts = [
    request.context_before.trim() && `<before>\n${request.context_before}\n</before>`,
    `<selection>\n${request.text}\n</selection>`,
    request.context_after.trim() && `<after>\n${request.context_after}\n</after>`,
  ].filter(Boolean);
  return [
    { role: 'system', content: system },
    { role: 'user', content: parts.join('\n\n') },
  ];
}
