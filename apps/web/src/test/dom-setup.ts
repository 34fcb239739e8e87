import { configure } from '@testing-library/react';
import { antdVisibilityRules } from './antd-visibility.ts';

/** What jsdom lacks and antd expects; the web tests' set-up (setup.ts) imports it once per worker. */
type MediaListener = (event: MediaQueryListEvent) => void;

export type FakeMediaQuery = MediaQueryList & { emit(matches: boolean): void };

const queries = new Map<string, FakeMediaQuery>();
let prefersDark = false;
/** The window width that width queries answer for; null: none matches (the default, as before). */
let screenWidth: number | null = null;

function matchesQuery(query: string) {
  if (query === '(prefers-color-scheme: dark)') return prefersDark;
  if (screenWidth === null) return false;
  const width = screenWidth;
  const bounds = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return (
    bounds.length > 0 &&
    bounds.every(([, kind, value]) => (kind === 'min' ? width >= Number(value) : width <= Number(value)))
  );
}

/** Answers width media queries (antd's breakpoints, the phone query) as a window `width` wide would. */
export function setScreenWidth(width: number | null) {
  screenWidth = width;
  for (const [query, list] of queries) list.emit(matchesQuery(query));
}

export function setPrefersDark(value: boolean) {
  prefersDark = value;
  queries.get('(prefers-color-scheme: dark)')?.emit(value);
}

function fakeMatchMedia(query: string): FakeMediaQuery {
  const existing = queries.get(query);
  if (existing) return existing;
  const listeners = new Set<MediaListener>();
  const list = {
    media: query,
    matches: matchesQuery(query),
    onchange: null,
    addEventListener: (_: string, listener: MediaListener) => listeners.add(listener),
    removeEventListener: (_: string, listener: MediaListener) => listeners.delete(listener),
    addListener: (listener: MediaListener) => listeners.add(listener),
    removeListener: (listener: MediaListener) => listeners.delete(listener),
    dispatchEvent: () => true,
    emit(matches: boolean) {
      list.matches = matches;
      for (const listener of listeners) listener({ matches, media: query } as MediaQueryListEvent);
    },
  };
  const fake = list as unknown as FakeMediaQuery;
  queries.set(query, fake);
  return fake;
}

Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: fakeMatchMedia });

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

const antdRules = document.createElement('style');
antdRules.dataset.source = 'antd.css';
antdRules.textContent = antdVisibilityRules();
document.head.append(antdRules);

// Virtual lists keep the reader's place with these; jsdom has no layout to scroll.
Element.prototype.scrollBy ??= () => {};
Element.prototype.scrollTo ??= () => {};

// A busy machine renders slower than a quiet one, up to four times with both cores taken by something
// else: what tests wait for gets 15 s, not 1.
configure({ asyncUtilTimeout: 15_000 });
