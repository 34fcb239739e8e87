import type { ChatMessage } from '@tandem/contract/chat';
import { describe, expect, it } from 'vitest';
import { applyPublication, mergeSaved, sentMessages, startReply } from './apply-publication.ts';

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
    messages = applyPublication('conv-1', messages, {
      type: 'delta',
      message_id: 11,
      content: 'Echo',
      at: 0,
    });
    messages = applyPublication('conv-1', messages, {
      type: 'delta',
      message_id: 11,
      content: ': Hi',
      at: 4,
    });
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

  it('adds the next questions suggested after a reply', () => {
    const messages = applyPublication('conv-1', sentMessages('conv-1', ids, 'Hi'), {
      type: 'suggestions',
      message_id: 11,
      questions: ['Why?', 'How?'],
    });
    expect(messages[1]?.suggestions).toEqual(['Why?', 'How?']);
  });

  it('takes the text of a reply the moderation withdrew off the screen', () => {
    let messages = sentMessages('conv-1', ids, 'Hi');
    messages = applyPublication('conv-1', messages, {
      type: 'delta',
      message_id: 11,
      content: 'Bad words',
      at: 0,
    });
    messages = applyPublication('conv-1', messages, {
      type: 'error',
      message_id: 11,
      code: 2018,
      msg: 'This message was withdrawn for safety compliance.',
    });
    expect(messages[1]).toMatchObject({ content: '', status: 'failed', error_code: 2018 });
  });

  it('ends a reply whose server process died as failed, keeping its text, so Stop is no longer offered', () => {
    let messages = sentMessages('conv-1', ids, 'Hi');
    messages = applyPublication('conv-1', messages, {
      type: 'delta',
      message_id: 11,
      content: 'Echo',
      at: 0,
    });
    // Published by the node that took the reply back: it cannot know the reader's language.
    messages = applyPublication('conv-1', messages, { type: 'error', message_id: 11, code: 2005, msg: '' });
    expect(messages[1]).toMatchObject({ content: 'Echo', status: 'failed', error_code: 2005 });
    expect(messages.some((message) => message.status === 'streaming')).toBe(false);
  });

  it('takes what was saved for a reply that ended before the subscription', () => {
    const shown = sentMessages('conv-1', ids, 'Hi');
    const saved = [shown[0]!, reply({ content: 'Echo: Hi', status: 'done' })];
    expect(mergeSaved(shown, saved)[1]).toMatchObject({ content: 'Echo: Hi', status: 'done' });
  });

  it('keeps earlier pages read meanwhile before the saved newest ones', () => {
    const older = [
      reply({ id: 3, content: 'old', status: 'done' }),
      reply({ id: 4, content: 'older', status: 'done' }),
    ];
    const newest = [reply({ id: 10, content: 'new', status: 'done' })];
    expect(mergeSaved([...older, ...newest], newest).map((message) => message.id)).toEqual([3, 4, 10]);
  });

  it('keeps the longer live text of a reply still streaming', () => {
    const shown = [reply({ content: 'Echo: Hi' })];
    expect(mergeSaved(shown, [reply({ content: 'Echo' })])[0]?.content).toBe('Echo: Hi');
    expect(mergeSaved(shown, [reply({ content: 'Echo: Hi there' })])[0]?.content).toBe('Echo: Hi there');
  });

  describe('whichever comes first, the channel’s start or the send’s answer', () => {
    const answered = [
      { ...sentMessages('conv-1', ids, 'Hi')[0]! },
      reply({ content: 'Echo: Hi', status: 'done' }),
    ];
    const again = { user_message_id: 10, assistant_message_id: 12 };
    const start = { type: 'start', message_id: 12, user_message_id: 10 } as const;
    const shape = (messages: ChatMessage[]) => messages.map((message) => [message.id, message.role]);

    it('a regenerated reply replaces the old one when the start comes first', () => {
      let messages = applyPublication('conv-1', answered, start);
      messages = applyPublication('conv-1', messages, {
        type: 'delta',
        message_id: 12,
        content: 'Echo',
        at: 0,
      });
      messages = startReply('conv-1', messages, again, null);
      expect(shape(messages)).toEqual([
        [10, 'user'],
        [12, 'assistant'],
      ]);
      expect(messages[1]?.content).toBe('Echo');
      expect(messages[1]?.versions).toEqual([11, 12]);
    });

    it('a regenerated reply replaces the old one when the answer comes first', () => {
      let messages = startReply('conv-1', answered, again, null);
      messages = applyPublication('conv-1', messages, start);
      expect(shape(messages)).toEqual([
        [10, 'user'],
        [12, 'assistant'],
      ]);
      expect(messages[1]?.versions).toEqual([11, 12]);
    });

    it('a reply regenerated again adds a version after the earlier ones', () => {
      const twice = [
        answered[0]!,
        reply({ id: 12, content: 'Echo: Hi', status: 'done', versions: [11, 12] }),
      ];
      const messages = startReply('conv-1', twice, { user_message_id: 10, assistant_message_id: 13 }, null);
      expect(messages[1]).toMatchObject({ id: 13, status: 'streaming', versions: [11, 12, 13] });
    });

    it('a new message goes before its reply when the start comes first', () => {
      const next = { user_message_id: 13, assistant_message_id: 14 };
      let messages = applyPublication('conv-1', answered, {
        type: 'start',
        message_id: 14,
        user_message_id: 13,
      });
      messages = startReply('conv-1', messages, next, 'More');
      expect(shape(messages)).toEqual([
        [10, 'user'],
        [11, 'assistant'],
        [13, 'user'],
        [14, 'assistant'],
      ]);
      expect(messages[2]?.content).toBe('More');
    });
  });
});
