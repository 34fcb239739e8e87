import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { type EditorState, Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import {
  absolutePositionToRelativePosition,
  relativePositionToAbsolutePosition,
  ySyncPluginKey,
} from '@tiptap/y-tiptap';

/**
 * Where the AI preview stands: the selection it works on (marked) and, below the block that selection
 * ends in, a widget holding the preview. Both are decorations of this editor alone, never part of the
 * Yjs document: collaborators see only what is accepted. The range follows edits: local ones through
 * the transaction's mapping, remote ones (which Yjs applies by replacing the whole document) through
 * Yjs relative positions taken when the preview opened.
 */

export type SourceRange = { from: number; to: number };
type Anchor = SourceRange & { relative?: { from: unknown; to: unknown } };
type Meta = { anchor: SourceRange } | { clear: true };

export const previewAnchorKey = new PluginKey<Anchor | null>('aiWritingPreview');

type SyncBinding = { doc: unknown; type: unknown; mapping: unknown };
const bindingOf = (state: EditorState): SyncBinding | undefined => ySyncPluginKey.getState(state)?.binding;

function relativeOf(state: EditorState, range: SourceRange): Anchor['relative'] {
  const binding = bindingOf(state);
  if (!binding?.type) return undefined;
  const at = (pos: number) =>
    absolutePositionToRelativePosition(pos, binding.type as never, binding.mapping as never);
  return { from: at(range.from), to: at(range.to) };
}

function fromRelative(state: EditorState, anchor: Anchor): SourceRange | null {
  const binding = bindingOf(state);
  if (!binding?.type || !anchor.relative) return null;
  const at = (relative: unknown) =>
    relativePositionToAbsolutePosition(
      binding.doc as never,
      binding.type as never,
      relative,
      binding.mapping as never,
    );
  const from = at(anchor.relative.from);
  const to = at(anchor.relative.to);
  return from === null || to === null ? null : { from, to: Math.max(from, to) };
}

const clamp = (doc: PmNode, range: SourceRange): SourceRange => {
  const size = doc.content.size;
  const from = Math.min(Math.max(range.from, 0), size);
  return { from, to: Math.min(Math.max(range.to, from), size) };
};

function nextAnchor(tr: Transaction, anchor: Anchor, state: EditorState): Anchor {
  if (tr.getMeta(ySyncPluginKey)?.isChangeOrigin) {
    const range = fromRelative(state, anchor);
    if (range) return { ...anchor, ...clamp(state.doc, range) };
  }
  return {
    ...anchor,
    ...clamp(state.doc, { from: tr.mapping.map(anchor.from, 1), to: tr.mapping.map(anchor.to, -1) }),
  };
}

/** Below the top-level block the range ends in. */
export function widgetPosition(doc: PmNode, range: SourceRange): number {
  const $to = doc.resolve(range.to);
  return $to.depth >= 1 ? $to.after(1) : range.to;
}

/** The plugin; `host` is the element the preview renders into (a React portal). */
export function previewAnchorPlugin(host: HTMLElement) {
  host.contentEditable = 'false';
  return new Plugin<Anchor | null>({
    key: previewAnchorKey,
    state: {
      init: () => null,
      apply(tr, anchor, _old, state) {
        const meta = tr.getMeta(previewAnchorKey) as Meta | undefined;
        if (meta && 'clear' in meta) return null;
        if (meta) return { ...meta.anchor, relative: relativeOf(state, meta.anchor) };
        return anchor && tr.docChanged ? nextAnchor(tr, anchor, state) : anchor;
      },
    },
    props: {
      decorations(state) {
        const anchor = previewAnchorKey.getState(state);
        if (!anchor) return null;
        const decorations = [
          Decoration.widget(widgetPosition(state.doc, anchor), host, {
            key: 'ai-writing-preview',
            side: 1,
            ignoreSelection: true,
            stopEvent: () => true,
          }),
        ];
        if (anchor.to > anchor.from) {
          decorations.push(Decoration.inline(anchor.from, anchor.to, { class: 'ai-writing-source' }));
        }
        return DecorationSet.create(state.doc, decorations);
      },
    },
  });
}

export const setPreviewAnchor = (editor: Editor, anchor: SourceRange) =>
  editor.view.dispatch(
    editor.state.tr.setMeta(previewAnchorKey, { anchor } satisfies Meta).setMeta('addToHistory', false),
  );

export const clearPreviewAnchor = (editor: Editor) => {
  if (editor.isDestroyed || !previewAnchorKey.getState(editor.state)) return;
  editor.view.dispatch(editor.state.tr.setMeta(previewAnchorKey, { clear: true } satisfies Meta));
};

/** The selection the preview works on, as it stands now. */
export const previewRange = (editor: Editor): SourceRange | null => {
  const anchor = previewAnchorKey.getState(editor.state);
  return anchor ? { from: anchor.from, to: anchor.to } : null;
};
