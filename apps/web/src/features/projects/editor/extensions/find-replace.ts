import { Extension } from '@tiptap/core';
import type { EditorState, Command as PmCommand, Transaction } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import {
  findNext,
  findPrev,
  getSearchState,
  replaceAll,
  replaceNext,
  SearchQuery,
  search,
  setSearchState,
} from 'prosemirror-search';

export type FindQuery = { search: string; replace?: string; caseSensitive?: boolean };

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    findReplace: {
      setFindQuery: (query: FindQuery) => ReturnType;
      clearFindQuery: () => ReturnType;
      findNextMatch: () => ReturnType;
      findPreviousMatch: () => ReturnType;
      replaceNextMatch: () => ReturnType;
      replaceAllMatches: () => ReturnType;
    };
  }
}

/** Where the selection stands among the matches: "3 of 7" (current 0 when the selection is on none). */
export function matchPosition(state: EditorState): { current: number; total: number } {
  const query = getSearchState(state)?.query;
  if (!query?.valid) return { current: 0, total: 0 };
  const { from, to } = state.selection;
  let current = 0;
  let total = 0;
  for (let match = query.findNext(state, 0); match; match = query.findNext(state, match.to)) {
    total += 1;
    if (match.from === from && match.to === to) current = total;
    // An empty match (a regular expression) would never move on.
    if (match.to === match.from) break;
  }
  return { current, total };
}

/**
 * prosemirror-search's commands build their own transaction on the view's state: the command's own
 * (empty) transaction is not dispatched after it, which would no longer fit the changed state.
 */
const viewCommand =
  (command: PmCommand) =>
  ({ tr, view, dispatch }: { tr: Transaction; view: EditorView; dispatch?: unknown }) => {
    if (!dispatch) return command(view.state);
    tr.setMeta('preventDispatch', true);
    return command(view.state, view.dispatch, view);
  };

/** Find and replace (prosemirror-search) as Tiptap commands; matches are highlighted by the plugin. */
export const FindReplace = Extension.create({
  name: 'findReplace',

  addProseMirrorPlugins() {
    return [search()];
  },

  addCommands() {
    return {
      setFindQuery:
        ({ search: text, replace = '', caseSensitive = false }) =>
        ({ tr, dispatch }) => {
          dispatch?.(
            setSearchState(tr, new SearchQuery({ search: text, replace, caseSensitive, literal: true })),
          );
          return true;
        },
      clearFindQuery:
        () =>
        ({ tr, dispatch }) => {
          dispatch?.(setSearchState(tr, new SearchQuery({ search: '' })));
          return true;
        },
      findNextMatch: () => viewCommand(findNext),
      findPreviousMatch: () => viewCommand(findPrev),
      replaceNextMatch: () => viewCommand(replaceNext),
      replaceAllMatches: () => viewCommand(replaceAll),
    };
  },
});
