import { documentExtensions } from '@tandem/editor/extensions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../../test/dom-setup.ts';
import { renderPage } from '../../../../test/render-app.tsx';
import { TableMenu } from './table-menu.tsx';

const box = () => new DOMRect(0, 0, 0, 0);
const boxes = () => [] as unknown as DOMRectList;
Object.assign(Range.prototype, { getBoundingClientRect: box, getClientRects: boxes });
document.elementFromPoint = () => null;

let editor: Editor | undefined;
afterEach(() => {
  editor?.destroy();
  document.body.replaceChildren();
});

/** The table the document holds: its rows, each row's cell count. */
const tableShape = (current: Editor) => {
  const rows: number[] = [];
  current.state.doc.descendants((node) => {
    if (node.type.name === 'tableRow') rows.push(node.childCount);
  });
  return rows;
};

async function openPicker() {
  const element = document.createElement('div');
  document.body.append(element);
  editor = new Editor({ element, extensions: documentExtensions(), content: '<p>Tides</p>' });
  await renderPage(<TableMenu editor={editor} />);
  fireEvent.click(screen.getByRole('button', { name: 'Table' }));
  return screen.findByRole('group', { name: 'Table size (rows × columns)' });
}

describe('inserting a table', () => {
  it('picks its size on a grid with the arrow keys, starting from 3 × 3', async () => {
    const grid = await openPicker();
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe(
        'Insert a table of 3 rows and 3 columns',
      ),
    );
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(screen.getByText('4 × 5')).toBeTruthy();
    const focused = document.activeElement as HTMLElement;
    expect(focused.getAttribute('aria-label')).toBe('Insert a table of 4 rows and 5 columns');
    // Enter on the focused cell, as a browser turns it into a click.
    fireEvent.click(focused);
    expect(tableShape(editor!)).toEqual([5, 5, 5, 5]);
    await waitFor(() => expect(screen.queryByRole('group', { name: /Table size/ })).toBeNull());
  });

  it('picks it with the pointer, up to 8 × 8', async () => {
    const grid = await openPicker();
    const cell = within(grid).getByRole('button', { name: 'Insert a table of 2 rows and 6 columns' });
    fireEvent.mouseEnter(cell);
    expect(screen.getByText('2 × 6')).toBeTruthy();
    fireEvent.click(cell);
    expect(tableShape(editor!)).toEqual([6, 6]);
    expect(within(grid).getAllByRole('button')).toHaveLength(64);
  });
});
