import { describe, expect, it } from 'vitest';
import { isReplyPublication } from './chat-channel.ts';

describe("the conversation channel's publications", () => {
  it("takes a site version's status for no reply's, though it names the reply", () => {
    expect(
      isReplyPublication({ type: 'site_version', version: 1, status: 'ready', message_id: 7, errors: [] }),
    ).toBe(false);
    expect(isReplyPublication({ type: 'done', message_id: 7 })).toBe(true);
    expect(isReplyPublication({ type: 'error', message_id: 7, code: 2005, msg: '' })).toBe(true);
    expect(isReplyPublication('done')).toBe(false);
  });
});
