import type { ChatMessage } from '@tandem/contract/chat';
import { describe, expect, it } from 'vitest';
import { applyPublication, mergeSaved, sentMessages } from './apply-publication.ts';

const ids = { user_message_id: 10, assistant_message_id: 11 };
const reply = (overrides: Partial<ChatMessage>): ChatMessage => ({
  ...sentMessages('conv-1', ids, null)[0]!,
  ...overrides,
});

describe('a conversation’s messages from its channel', () => {
  it('adds the reply a start announces before the send has answered', () => {
    const started = applyPublication('conv-1', [], { type: 'start', message_id: 11, user_message_id: 10 });
    expect(started.map((message) => [message.id, message.status])).toEqual([[11, 'streaming']]);
  });

  it('appends deltas, then takes the whole text when done', () => {
    let messages = sentMessages('conv-1', ids, 'Hi');
    messages = applyPublication('conv-1', messages, { type: 'delta', message_id: 11, content: 'Echo' });
    messages = applyPublication('conv-1', messages, { type: 'delta', message_id: 11, content: ': Hi' });
    expect(messages[1]?.content).toBe('Echo: Hi');
    messages = applyPublication('conv-1', messages, {
      type: 'done',
      message_id: 11,
      content: 'Echo: Hi!',
      reasoning: '',
      status: 'stopped',
      finish_reason: null,
      points: 2,
    });
    expect(messages[1]).toMatchObject({ content: 'Echo: Hi!', status: 'stopped', points: 2 });
  });

  it('takes what was saved for a reply that ended before the subscription', () => {
    const shown = sentMessages('conv-1', ids, 'Hi');
    const saved = [shown[0]!, reply({ content: 'Echo: Hi', status: 'done' })];
    expect(mergeSaved(shown, saved)[1]).toMatchObject({ content: 'Echo: Hi', status: 'done' });
  });

  it('keeps the longer live text of a reply still streaming', () => {
    const shown = [reply({ content: 'Echo: Hi' })];
    expect(mergeSaved(shown, [reply({ content: 'Echo' })])[0]?.content).toBe('Echo: Hi');
    expect(mergeSaved(shown, [reply({ content: 'Echo: Hi there' })])[0]?.content).toBe('Echo: Hi there');
  });
});
