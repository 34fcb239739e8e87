import { describe, expect, it } from 'vitest';
import { readJsonStream } from './json-stream.ts';

/** A body that arrives in the given pieces, as a network would cut it. */
const bodyOf = (...pieces: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
      controller.close();
    },
  });

const all = async (body: ReadableStream<Uint8Array>) => {
  const events = [];
  for await (const event of readJsonStream(body)) events.push(event);
  return events;
};

describe('reading a streamed answer', () => {
  it('reads server-sent events cut anywhere, and stops at [DONE]', async () => {
    const events = await all(
      bodyOf(
        ': keep-alive\n\nevent: delta\ndata: {"type":"delta","con',
        'tent":"Hel"}\n\nevent: delta\r\ndata: {"type":"delta","content":"lo"}\r\n\r\n',
        'data: [DONE]\n\ndata: {"type":"delta","content":"never"}\n\n',
      ),
    );
    expect(events).toEqual([
      { event: 'delta', data: { type: 'delta', content: 'Hel' } },
      { event: 'delta', data: { type: 'delta', content: 'lo' } },
    ]);
  });

  it('reads NDJSON, including a last line without a newline', async () => {
    expect(await all(bodyOf('{"a":1}\n{"b"', ':2}\n{"c":3}'))).toEqual([
      { event: undefined, data: { a: 1 } },
      { event: undefined, data: { b: 2 } },
      { event: undefined, data: { c: 3 } },
    ]);
  });

  it('keeps a multi-line data field together and leaves text that is not JSON as text', async () => {
    expect(await all(bodyOf('data: first\ndata: second\n\n'))).toEqual([
      { event: undefined, data: 'first\nsecond' },
    ]);
  });
});
