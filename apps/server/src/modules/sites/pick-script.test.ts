// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { SITE_PICK_HTML_MAX, SITE_PICK_TEXT_MAX, sitePickMessage } from '@tandem/contract/chat-site-pick';
import { describe, expect, it, vi } from 'vitest';
import { PICK_SCRIPT } from './pick-script.ts';

/** What these tests touch of a jsdom window (the web tests' DOM; no DOM types in the server's build). */
type Node = {
  localName: string;
  outerHTML: string;
  dispatchEvent(event: object): boolean;
  addEventListener(type: string, listener: () => void): void;
};
type PageWindow = {
  postMessage(message: unknown, target: string): void;
  dispatchEvent(event: object): boolean;
  document: {
    querySelector(selector: string): Node | null;
    querySelectorAll(selector: string): Node[];
    documentElement: { lastElementChild: { style: { display: string } } | null };
  };
  MouseEvent: new (type: string, init: object) => object;
  KeyboardEvent: new (type: string, init: object) => object;
  MessageEvent: new (type: string, init: object) => object;
  CSS?: { escape(value: string): string };
};
type Dom = { window: PageWindow };

// jsdom is the web tests' dependency, loaded here without its types.
const { JSDOM } = (await import('jsdom' as string)) as {
  JSDOM: new (html: string, options?: object) => Dom;
};

const LONG_TEXT = 'word '.repeat(100);

/**
 * Runs a script with the page's window as its globals. Not through jsdom's own script running: its VM
 * context fails when another file in this shared worker has added globals Node 20 lacks (Iterator).
 */
function runIn(window: PageWindow, script: string) {
  new Function('window', `with (window) {\n${script}\n}`)(window);
}

/** A page in a frame, running the pick script; what it posts to its parent is recorded. */
function framedPage() {
  const parent = new JSDOM('<!doctype html><body></body>').window;
  const page = new JSDOM(
    `<!doctype html><body>
      <main id="main"><h1>Title</h1><p>One</p><p>Two <a href="#contact">link</a></p></main>
      <section><div id="twin">A</div><div id="twin">B</div><ul><li>x</li><li>${LONG_TEXT}</li></ul></section>
    </body>`,
    { url: 'http://localhost:3001/p/token/' },
  ).window;
  Object.defineProperty(page, 'parent', { get: () => parent });
  page.CSS = { escape: (value) => value.replace(/[^\w-]/g, (character) => `\\${character}`) };
  const posted: unknown[] = [];
  parent.postMessage = (message) => posted.push(message);
  runIn(page, PICK_SCRIPT);
  const fromParent = (data: unknown, source: PageWindow = parent) =>
    page.dispatchEvent(new page.MessageEvent('message', { data, source }));
  const click = (node: Node) =>
    node.dispatchEvent(new page.MouseEvent('click', { bubbles: true, cancelable: true }));
  return { page, posted, fromParent, click, startPicking: () => fromParent(PICK_MODE(true)) };
}

const PICK_MODE = (active: boolean) => ({ type: 'tandem:pick-mode', active });

describe('the pick script in a preview frame', () => {
  it('posts the clicked element to the parent, whose click it keeps from the page, and stops picking', () => {
    const { page, posted, click, startPicking } = framedPage();
    const link = page.document.querySelector('a')!;
    const onLinkClick = vi.fn();
    link.addEventListener('click', onLinkClick);
    expect(click(link)).toBe(true);
    expect([posted, onLinkClick.mock.calls.length]).toEqual([[], 1]);

    startPicking();
    link.dispatchEvent(new page.MouseEvent('mouseover', { bubbles: true }));
    expect(page.document.documentElement.lastElementChild!.style.display).toBe('block');
    // Default prevented (the link does not open), the page's own handler never called.
    expect(click(link)).toBe(false);
    expect(onLinkClick.mock.calls.length).toBe(1);
    expect(posted).toEqual([
      {
        type: 'tandem:picked',
        element: {
          tag: 'a',
          text: 'link',
          selector: '#main > p:nth-of-type(2) > a',
          html: '<a href="#contact">link</a>',
        },
      },
    ]);
    expect(sitePickMessage.safeParse(posted[0]).success).toBe(true);
    // One pick, then the page is itself again.
    expect(click(link)).toBe(true);
    expect(posted).toHaveLength(1);
  });

  it('names an element by a selector unique in the page, and caps its text and HTML', () => {
    const { page, posted, click, startPicking } = framedPage();
    const long = page.document.querySelectorAll('li')[1]!;
    startPicking();
    click(long);
    const { element } = posted[0] as { element: { selector: string; text: string; html: string } };
    // The twins' id is not unique: the path goes up to body.
    expect(element.selector).toBe('body > section > ul > li:nth-of-type(2)');
    const found = page.document.querySelectorAll(element.selector);
    expect(found.length === 1 && found[0] === long).toBe(true);
    expect(element.text).toHaveLength(SITE_PICK_TEXT_MAX);
    expect(element.text.endsWith('\u2026')).toBe(true);
    startPicking();
    click(page.document.querySelector('section')!);
    const section = (posted[1] as { element: { html: string } }).element;
    expect(section.html).toHaveLength(SITE_PICK_HTML_MAX);
    expect(sitePickMessage.safeParse(posted[1]).success).toBe(true);
  });

  it('ends picking on Escape, or when the parent says so, and listens to its parent only', () => {
    const { page, posted, click, fromParent, startPicking } = framedPage();
    const heading = page.document.querySelector('h1')!;
    startPicking();
    page.dispatchEvent(new page.KeyboardEvent('keydown', { key: 'Escape', cancelable: true }));
    expect(posted).toEqual([{ type: 'tandem:pick-ended' }]);
    expect(click(heading)).toBe(true);

    startPicking();
    fromParent(PICK_MODE(false));
    expect(click(heading)).toBe(true);

    const stranger = new JSDOM('').window;
    fromParent(PICK_MODE(true), stranger);
    expect(click(heading)).toBe(true);
    expect(posted).toHaveLength(1);
  });
});
