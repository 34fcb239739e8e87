import { afterEach, beforeEach } from 'vitest';
import { i18n } from '../shared/i18n/i18n.ts';
import { bindNotices, type Notice } from '../shared/ui/notices.ts';

/**
 * Records the notices each test raises (bound before it, unbound after it). `keys()` lists them as their
 * message keys, or their text for a notice that has no key; `texts()` as the user reads them.
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
    texts: () => notices.map((notice) => ('key' in notice ? i18n.t(notice.key, notice.values) : notice.text)),
  };
}
