import { mergeAttributes, textblockTypeInputRule } from '@tiptap/core';
import Heading from '@tiptap/extension-heading';

/** The spec's editor has headings down to level 9; HTML stops at h6. */
export const HEADING_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];
const LAST_HTML_LEVEL = 6;

/**
 * Levels 1-6 render as `<h1>`…`<h6>`; 7-9 as `<p role="heading" aria-level="N" data-level="N">`, which
 * screen readers announce as headings and which parses back to the same level (HTML, DOCX, Markdown).
 */
export const DeepHeading = Heading.extend({
  addOptions() {
    return { HTMLAttributes: {}, ...this.parent?.(), levels: [...HEADING_LEVELS] as never };
  },

  parseHTML() {
    return [
      ...HEADING_LEVELS.filter((level) => level <= LAST_HTML_LEVEL).map((level) => ({
        tag: `h${level}`,
        attrs: { level },
      })),
      {
        tag: 'p[data-level]',
        priority: 60,
        getAttrs: (element: { getAttribute(name: string): string | null }) => {
          const level = Number(element.getAttribute('data-level'));
          return level > LAST_HTML_LEVEL && level <= 9 ? { level } : false;
        },
      },
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const level = Math.min(Math.max(Number(node.attrs.level) || 1, 1), 9);
    const attributes = mergeAttributes(this.options.HTMLAttributes, HTMLAttributes);
    if (level <= LAST_HTML_LEVEL) return [`h${level}`, attributes, 0];
    return [
      'p',
      mergeAttributes(attributes, { role: 'heading', 'aria-level': level, 'data-level': level }),
      0,
    ];
  },

  renderMarkdown: (node, helpers) => {
    const level = Number(node.attrs?.level) || 1;
    const text = node.content ? helpers.renderChildren(node.content) : '';
    if (level <= LAST_HTML_LEVEL) return `${'#'.repeat(level)} ${text}`;
    // Markdown has no level 7: keep it as the HTML the importer reads back.
    return `<p role="heading" aria-level="${level}" data-level="${level}">${text}</p>`;
  },

  addKeyboardShortcuts() {
    return Object.fromEntries(
      HEADING_LEVELS.map((level) => [
        `Mod-Alt-${level}`,
        () => this.editor.commands.toggleHeading({ level } as never),
      ]),
    );
  },

  addInputRules() {
    // "# " … "######### ": the longest run of # decides the level.
    return HEADING_LEVELS.map((level) =>
      textblockTypeInputRule({
        find: new RegExp(`^(#{${level}})\\s$`),
        type: this.type,
        getAttributes: { level },
      }),
    );
  },
});
