import { useSyncExternalStore } from 'react';
import type { HttpNotice } from '../api/http-client.ts';

export type Notice = HttpNotice;
export type NoticeLevel = 'error' | 'warning' | 'info' | 'success';
type NoticeHandler = (notice: Notice, level: NoticeLevel) => void;

let handler: NoticeHandler | null = null;
let withdrawShownErrors: (() => void) | null = null;
let withdrawShownNotices: (() => void) | null = null;
const pending: [Notice, NoticeLevel][] = [];
let isDemanded = false;
const demandListeners = new Set<() => void>();

/** Notices that were raised but not yet shown when the page had to load anew. */
const CARRY_KEY = 'tandem.pending-notices';

function carry(notices: readonly [Notice, NoticeLevel][]) {
  try {
    const carried = JSON.parse(sessionStorage.getItem(CARRY_KEY) ?? '[]') as [Notice, NoticeLevel][];
    sessionStorage.setItem(CARRY_KEY, JSON.stringify([...carried, ...notices]));
  } catch {
    // Storage may be full or denied; the notice is then lost, as before.
  }
}

/** Keeps the notices not yet shown for the next page load (a full navigation is about to happen). */
export function carryPendingNotices() {
  if (pending.length > 0) carry(pending);
}

/**
 * A notice about what the page is leaving for (a team dissolved, then the app starts again at the root):
 * shown by the next page load, where one shown now would vanish with this page.
 */
export function showNoticeOnNextPage(notice: Notice, level: NoticeLevel = 'success') {
  carry([[notice, level]]);
}

/** Picks up what the previous page carried over; read once, when this module loads. */
export function takeCarriedNotices() {
  try {
    const carried = sessionStorage.getItem(CARRY_KEY);
    if (!carried) return;
    sessionStorage.removeItem(CARRY_KEY);
    for (const [notice, level] of JSON.parse(carried) as [Notice, NoticeLevel][]) showNotice(notice, level);
  } catch {
    // A damaged entry is dropped.
  }
}

/**
 * Raises a notice for the user. Other layers only raise; the UI layer binds how notices look. Until it
 * has (its code loads on the first notice), notices wait in order.
 */
export function showNotice(notice: Notice, level: NoticeLevel = 'error') {
  if (handler) {
    handler(notice, level);
    return;
  }
  pending.push([notice, level]);
  if (!isDemanded) {
    isDemanded = true;
    for (const listener of demandListeners) listener();
  }
}

/**
 * Answers the function that unbinds. Notices raised before binding are delivered now. `withdrawErrors`
 * takes away the error notices on screen, `withdrawAll` every notice on screen.
 */
export function bindNotices(next: NoticeHandler, withdrawErrors?: () => void, withdrawAll?: () => void) {
  handler = next;
  withdrawShownErrors = withdrawErrors ?? null;
  withdrawShownNotices = withdrawAll ?? null;
  for (const [notice, level] of pending.splice(0)) next(notice, level);
  return () => {
    if (handler !== next) return;
    handler = null;
    withdrawShownErrors = null;
    withdrawShownNotices = null;
  };
}

/**
 * The user has put right what the error notices were about (signed in after a wrong password): they go,
 * shown or still waiting, rather than greet the next page with a failure that no longer holds.
 */
export function withdrawErrorNotices() {
  for (let index = pending.length - 1; index >= 0; index--) {
    if (pending[index]?.[1] === 'error') pending.splice(index, 1);
  }
  withdrawShownErrors?.();
}

/**
 * The form the notices were about is done with (the account made, the user signed in): every notice it
 * raised goes, "code sent" as well as the errors, so the next page starts with only its own.
 */
export function withdrawNotices() {
  pending.splice(0);
  withdrawShownNotices?.();
}

const subscribe = (listener: () => void) => {
  demandListeners.add(listener);
  return () => demandListeners.delete(listener);
};

/** As a new page load starts: nothing waiting, nothing bound, the notice component not yet wanted (tests). */
export function forgetNotices() {
  pending.splice(0);
  handler = null;
  withdrawShownErrors = null;
  withdrawShownNotices = null;
  isDemanded = false;
}

/** True once any notice has been raised: the moment to load the component that shows them. */
export const useNoticesDemanded = () => useSyncExternalStore(subscribe, () => isDemanded);

takeCarriedNotices();
