import { documentExtensions } from '@tandem/editor/extensions';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { FindReplace, matchPosition } from './find-replace.ts';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string) => {
  editor = new Editor({ extensions: [...documentExtensions(), FindReplace], content: html });
  return editor;
};

describe('find and replace', () => {
  it('counts the matches and says which one is selected as it moves through them', () => {
    const doc = open('<h1>Plan</h1><p>plan the plan</p><p>No match here, PLAN.</p>');
    doc.commands.setFindQuery({ search: 'plan' });
    expect(matchPosition(doc.state)).toEqual({ current: 0, total: 4 });
    doc.commands.findNextMatch();
    expect(matchPosition(doc.state)).toEqual({ current: 1, total: 4 });
    doc.commands.findNextMatch();
    doc.commands.findNextMatch();
    expect(matchPosition(doc.state)).toEqual({ current: 3, total: 4 });
    doc.commands.findPreviousMatch();
    expect(matchPosition(doc.state).current).toBe(2);
  });

  it('highlights every match in the text', () => {
    const doc = open('<p>one two one</p>');
    doc.commands.setFindQuery({ search: 'one' });
    expect(
      doc.view.dom.querySelectorAll('.ProseMirror-search-match, .ProseMirror-active-search-match'),
    ).toHaveLength(2);
  });

  it('matches letter case only when asked to', () => {
    const doc = open('<p>Tandem tandem TANDEM</p>');
    doc.commands.setFindQuery({ search: 'tandem', caseSensitive: true });
    expect(matchPosition(doc.state).total).toBe(1);
  });

  it('replaces the next match, then all the others, keeping the headings', () => {
    const doc = open('<h2>draft</h2><p>a draft of the draft</p>');
    doc.commands.setFindQuery({ search: 'draft', replace: 'final' });
    doc.commands.findNextMatch();
    doc.commands.replaceNextMatch();
    expect(doc.getHTML()).toBe('<h2>final</h2><p>a draft of the draft</p>');
    doc.commands.replaceAllMatches();
    expect(doc.getHTML()).toBe('<h2>final</h2><p>a final of the final</p>');
    expect(matchPosition(doc.state).total).toBe(0);
  });

  it('finds nothing for an empty query and after it is cleared', () => {
    const doc = open('<p>text</p>');
    doc.commands.setFindQuery({ search: '' });
    expect(matchPosition(doc.state)).toEqual({ current: 0, total: 0 });
    doc.commands.setFindQuery({ search: 'text' });
    doc.commands.clearFindQuery();
    expect(matchPosition(doc.state).total).toBe(0);
  });
});
