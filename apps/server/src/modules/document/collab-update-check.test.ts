// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { checkUpdate } from './collab-update-check.ts';

const isEditorUpdate = (update: Uint8Array) => checkUpdate(update).isEditorUpdate;

/** Every update a change of `doc` makes, in order. */
function updatesOf(change: (doc: Y.Doc) => void) {
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  change(doc);
  return updates;
}

/** The one update a change makes in one transaction, as a client sends it. */
const updateOf = (change: (doc: Y.Doc) => void) => updatesOf((doc) => doc.transact(() => change(doc)))[0]!;

describe('updates an editor may send', () => {
  it('what the editor writes passes: paragraphs, text, marks (overlapping ones too), attributes, deletions', () => {
    const updates = updatesOf((doc) => {
      const paragraph = new Y.XmlElement('paragraph');
      const text = new Y.XmlText('hello world');
      paragraph.insert(0, [text]);
      doc.getXmlFragment('default').insert(0, [paragraph]);
      text.format(0, 5, { bold: {} });
      text.format(2, 4, { 'link--abcd1234': { href: 'https://example.com' } });
      paragraph.setAttribute('textAlign', 'center');
      const heading = new Y.XmlElement('heading');
      heading.setAttribute('level', 8 as unknown as string);
      doc.getXmlFragment('default').insert(1, [heading]);
      text.delete(0, 3);
    });
    expect(updates.map(isEditorUpdate)).toEqual(updates.map(() => true));
  });

  it('an element, a mark or a type the schema does not have is refused, and so are bytes that are no update', () => {
    const script = updateOf((doc) => doc.getXmlFragment('default').insert(0, [new Y.XmlElement('script')]));
    const textElement = updateOf((doc) =>
      doc.getXmlFragment('default').insert(0, [new Y.XmlElement('text')]),
    );
    const unknownMark = updateOf((doc) => {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText('x')]);
      doc.getXmlFragment('default').insert(0, [paragraph]);
      (paragraph.get(0) as Y.XmlText).format(0, 1, { blink: {} });
    });
    const hook = updateOf((doc) =>
      doc.getXmlFragment('default').insert(0, [new Y.XmlHook('x') as unknown as Y.XmlElement]),
    );
    const embed = updateOf((doc) => {
      const paragraph = new Y.XmlElement('paragraph');
      const text = new Y.XmlText('x');
      paragraph.insert(0, [text]);
      doc.getXmlFragment('default').insert(0, [paragraph]);
      text.insertEmbed(0, { image: 'x' });
    });
    for (const update of [script, textElement, unknownMark, hook, embed])
      expect(isEditorUpdate(update)).toBe(false);
    expect(isEditorUpdate(new Uint8Array([1, 2, 3, 4, 5, 6]))).toBe(false);
  });

  it('an update that only deletes adds nothing (a team at its storage limit may still delete)', () => {
    const doc = new Y.Doc();
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText('some text')]);
    doc.getXmlFragment('default').insert(0, [paragraph]);
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    (paragraph.get(0) as Y.XmlText).delete(0, 4);
    (paragraph.get(0) as Y.XmlText).insert(0, 'more');
    expect(updates.map(checkUpdate)).toEqual([
      { isEditorUpdate: true, addsContent: false },
      { isEditorUpdate: true, addsContent: true },
    ]);
  });
});
