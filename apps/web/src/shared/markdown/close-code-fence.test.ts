import { describe, expect, it } from 'vitest';
import { closeOpenCodeFence } from './close-code-fence.ts';

describe('closing an open code fence', () => {
  it('closes a code block the stream has not closed yet', () => {
    expect(closeOpenCodeFence('Look:\n```ts\nconst a = 1;')).toBe('Look:\n```ts\nconst a = 1;\n```');
    expect(closeOpenCodeFence('~~~~\nx\n')).toBe('~~~~\nx\n~~~~');
  });

  it('leaves closed blocks and plain text alone', () => {
    const closed = 'a\n```\ncode\n```\nafter';
    expect(closeOpenCodeFence(closed)).toBe(closed);
    expect(closeOpenCodeFence('no code here')).toBe('no code here');
  });

  it('does not take a shorter or other fence inside a block for its end', () => {
    expect(closeOpenCodeFence('````\n```\nstill code')).toBe('````\n```\nstill code\n````');
    expect(closeOpenCodeFence('```\n~~~\n')).toBe('```\n~~~\n```');
  });
});
