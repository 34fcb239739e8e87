import type { ChatPublication } from '@tandem/contract/chat';
import { applyPublication, isPiece, missesPieces, type ShownMessage } from './apply-publication.ts';

type Piece = Extract<ChatPublication, { type: 'delta' | 'reasoning' }>;

/**
 * Pieces of a conversation's streaming replies that came after a gap, held until the text before them
 * is there (read from the saved reply), so a reply is never shown with a hole in it.
 */
export class MissedPieces {
  #held: Piece[] = [];

  constructor(private readonly conversationId: string) {}

  get isEmpty() {
    return this.#held.length === 0;
  }

  /**
   * The messages after a publication: applied when nothing is missing before it, held otherwise.
   * Answers whether it was held (the saved reply must be read).
   */
  receive(
    messages: ShownMessage[],
    publication: ChatPublication,
  ): { messages: ShownMessage[]; isHeld: boolean } {
    if (isPiece(publication) && missesPieces(messages, publication)) {
      this.#held.push(publication);
      return { messages, isHeld: true };
    }
    if (publication.type === 'done' || publication.type === 'error') {
      // The whole text, or the reply's end: nothing held for it is needed any more.
      this.#held = this.#held.filter((piece) => piece.message_id !== publication.message_id);
    }
    return {
      messages: this.fill(applyPublication(this.conversationId, messages, publication)),
      isHeld: false,
    };
  }

  /**
   * The messages with every held piece that now fits; pieces of replies no longer streaming go, and
   * after a read of the saved messages so do those of replies it did not find.
   */
  fill(messages: ShownMessage[], { isSavedRead = false } = {}): ShownMessage[] {
    let current = messages;
    let isProgressing = true;
    while (isProgressing) {
      isProgressing = false;
      const still: Piece[] = [];
      for (const piece of this.#held) {
        const reply = current.find((message) => message.id === piece.message_id);
        if (reply ? reply.status !== 'streaming' : isSavedRead) continue;
        if (missesPieces(current, piece)) {
          still.push(piece);
        } else {
          current = applyPublication(this.conversationId, current, piece);
          isProgressing = true;
        }
      }
      this.#held = still;
    }
    return current;
  }
}
