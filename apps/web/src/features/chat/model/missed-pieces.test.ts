import type { ChatMessage, ChatPublication } from '@tandem/contract/chat';
import { describe, expect, it } from 'vitest';
import { mergeSaved, sentMessages, withPiece } from './apply-publication.ts';
import { MissedPieces } from './missed-pieces.ts';

const ids = { user_message_id: 10, assistant_message_id: 11 };
const delta = (content: string, at: number): ChatPublication => ({
  type: 'delta',
  message_id: 11,
  content,
  at,
});
const savedReply = (content: string, status: ChatMessage['status'] = 'streaming'): ChatMessage => ({
  ...sentMessages('conv-1', ids, null)[0]!,
  content,
  status,
});

describe('a reply’s pieces and their positions', () => {
  it('puts a piece at its place, keeps text it already holds, and refuses one after a hole', () => {
    expect(withPiece('Echo: ', { content: 'Hi', at: 6 })).toBe('Echo: Hi');
    expect(withPiece('Echo: Hi', { content: ': ', at: 4 })).toBe('Echo: Hi');
    expect(withPiece('Echo', { content: ': Hi', at: 4 })).toBe('Echo: Hi');
    expect(withPiece('', { content: 'word1', at: 6 })).toBeUndefined();
  });

  it('holds the pieces after a gap and shows them once the saved reply brings what was missed', () => {
    const missed = new MissedPieces('conv-1');
    let messages = sentMessages('conv-1', ids, 'Hi');
    // "Echo: " went out before the subscription.
    for (const piece of [delta('word1 ', 6), delta('word2', 12)]) {
      const received = missed.receive(messages, piece);
      expect(received.isHeld).toBe(true);
      messages = received.messages;
    }
    expect(messages[1]?.content).toBe('');

    // The first read finds nothing saved yet: still nothing shown, still held.
    messages = missed.fill(mergeSaved(messages, [messages[0]!, savedReply('')]), { isSavedRead: true });
    expect(messages[1]?.content).toBe('');
    expect(missed.isEmpty).toBe(false);

    messages = missed.fill(mergeSaved(messages, [messages[0]!, savedReply('Echo: wo')]), {
      isSavedRead: true,
    });
    expect(messages[1]?.content).toBe('Echo: word1 word2');
    expect(missed.isEmpty).toBe(true);
    messages = missed.receive(messages, delta(' word3', 17)).messages;
    expect(messages[1]?.content).toBe('Echo: word1 word2 word3');
  });

  it('lets go of held pieces once the reply is done, taking its whole text', () => {
    const missed = new MissedPieces('conv-1');
    let messages = missed.receive(sentMessages('conv-1', ids, 'Hi'), delta('word1', 6)).messages;
    messages = missed.receive(messages, {
      type: 'done',
      message_id: 11,
      content: 'Echo: word1',
      reasoning: '',
      status: 'done',
      finish_reason: 'stop',
      points: 1,
    }).messages;
    expect(messages[1]).toMatchObject({ content: 'Echo: word1', status: 'done' });
    expect(missed.isEmpty).toBe(true);
  });
});
