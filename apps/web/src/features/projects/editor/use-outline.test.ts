import { documentExtensions } from '@tandem/editor/extensions';
import { getSchema } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { headingsOf } from './use-outline.ts';

const schema = getSchema(documentExtensions());
const heading = (level: number, text: string) => ({
  type: 'heading',
  attrs: { level },
  content: text ? [{ type: 'text', text }] : [],
});
const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

describe('the outline', () => {
  it('lists the headings with text, levels 1 to 9, in order, with where each starts', () => {
    const doc = schema.nodeFromJSON({
      type: 'doc',
      content: [
        heading(1, 'Plan'),
        paragraph('Why we sail.'),
        heading(2, ''),
        heading(9, 'Deepest'),
        { type: 'blockquote', content: [heading(3, 'Quoted')] },
      ],
    });
    const items = headingsOf(doc);
    expect(items.map(({ level, text }) => [level, text])).toEqual([
      [1, 'Plan'],
      [9, 'Deepest'],
      [3, 'Quoted'],
    ]);
    expect(items.map((item) => doc.nodeAt(item.pos)?.textContent)).toEqual(['Plan', 'Deepest', 'Quoted']);
  });
});
