import { create } from 'zustand';

/**
 * What the editor hands to the document's chat panel: a selection quoted into the question being
 * written, or added to the chat as it is. The editor's AI actions post here; the chat panel beside the
 * document opens itself and takes what is pending.
 */
export type DocChatHandOff = { kind: 'quote' | 'add'; text: string; seq: number };

type DocChatBridgeState = {
  /** Whether the chat panel beside the document is open. */
  open: boolean;
  /** What the panel has not taken yet. */
  pending: DocChatHandOff | null;
  setOpen(open: boolean): void;
  hand(kind: DocChatHandOff['kind'], text: string): void;
  /** The pending hand-off, once: the panel calls this when it sees `pending` change. */
  take(): DocChatHandOff | null;
};

let seq = 0;

export const useDocChatBridge = create<DocChatBridgeState>((set, get) => ({
  open: false,
  pending: null,
  setOpen: (open) => set({ open }),
  hand: (kind, text) => set({ open: true, pending: { kind, text, seq: ++seq } }),
  take: () => {
    const { pending } = get();
    if (pending) set({ pending: null });
    return pending;
  },
}));
