import { afterEach, beforeEach } from 'vitest';
import { bindNotices, type Notice } from '../shared/ui/notices.ts';

/**
 * Records the notices each test raises (bound before it, unbound after it). `keys()` lists them as their
 * message keys, or their text for a notice that has no key.
 */
export function recordNotices() {
  let notices: Notice[] = [];
  let unbind = () => {};
  beforeEach(() => {
    notices = [];
    unbind = bindNotices((notice) => notices.push(notice));
  });
  afterEach(() => unbind());
  return {
    keys: () => notices.map((notice) => ('key' in notice ? notice.key : notice.text)),
  };
}
