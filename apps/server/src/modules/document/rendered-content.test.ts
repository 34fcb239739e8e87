// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendParagraph } from '../../../test/documents.ts';
import { renderedContent } from './rendered-content.ts';

describe('rendered content of a document', () => {
  it('is rendered again after any change, and the same while nothing changed', async () => {
    const doc = new Y.Doc();
    appendParagraph(doc, 'first');
    expect(await renderedContent(1, 101, doc)).toMatchObject({ html: '<p>first</p>', markdown: 'first' });
    expect((await renderedContent(1, 101, doc)).html).toBe('<p>first</p>');

    appendParagraph(doc, 'second');
    expect((await renderedContent(1, 101, doc)).html).toBe('<p>first</p><p>second</p>');
    // A deletion adds no new clock to the state vector: it must still count as a change.
    doc.transact(() => doc.getXmlFragment('default').delete(0, 1));
    expect(await renderedContent(1, 101, doc)).toMatchObject({ html: '<p>second</p>', markdown: 'second' });
  });
});
