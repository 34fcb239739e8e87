// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { filesOfReply, sitePathOf } from './reply-files.ts';

const fence = '```';

describe('files written by a web-builder reply', () => {
  it('takes each block that names a path, and leaves ordinary code blocks alone', () => {
    const reply = [
      'Here is your page.',
      `${fence}tsx path=src/App.tsx`,
      'export default function App() {',
      '  return <h1>Hi</h1>;',
      '}',
      fence,
      'Run it like this:',
      `${fence}bash`,
      'npm start',
      fence,
      `${fence}css path="src/app.css"`,
      'h1 { color: red; }',
      fence,
    ].join('\n');
    expect(filesOfReply(reply)).toEqual({
      files: [
        { path: 'src/App.tsx', content: 'export default function App() {\n  return <h1>Hi</h1>;\n}\n' },
        { path: 'src/app.css', content: 'h1 { color: red; }\n' },
      ],
      cut: [],
      refused: [],
    });
  });

  it('leaves out a block the reply never closed (cut by Stop), keeping the complete ones', () => {
    const reply = [
      `${fence}html path=index.html`,
      '<h1>Hi</h1>',
      fence,
      `${fence}js path=main.js`,
      "document.querySelector('h1').textContent = ",
    ].join('\n');
    expect(filesOfReply(reply)).toEqual({
      files: [{ path: 'index.html', content: '<h1>Hi</h1>\n' }],
      cut: ['main.js'],
      refused: [],
    });
  });

  it('keeps a shorter fence inside a longer one, tildes, CRLF line ends and an empty file', () => {
    const reply = [
      '````md path=README.md',
      '```js',
      'x()',
      '```',
      '````',
      '~~~ts path=./src/empty.ts',
      '~~~',
    ].join('\r\n');
    expect(filesOfReply(reply).files).toEqual([
      { path: 'README.md', content: '```js\nx()\n```\n' },
      { path: 'src/empty.ts', content: '' },
    ]);
  });

  it('keeps the last block of a path written twice', () => {
    const reply = `${fence}js path=a.js\none\n${fence}\n${fence}js path=a.js\ntwo\n${fence}`;
    expect(filesOfReply(reply).files).toEqual([{ path: 'a.js', content: 'two\n' }]);
  });

  it('refuses paths that leave the site or are not files a page is made of', () => {
    const reply = ['../secret.js', 'src/../../x.ts', 'a\\b.js', 'run.sh', 'noextension', '.env']
      .map((path) => `${fence}js path=${path}\nx\n${fence}`)
      .join('\n');
    const parsed = filesOfReply(reply);
    expect(parsed.files).toEqual([]);
    expect(parsed.refused).toHaveLength(6);
  });

  it('names paths as a site holds them', () => {
    expect(sitePathOf('/src/App.tsx')).toBe('src/App.tsx');
    expect(sitePathOf('./index.html')).toBe('index.html');
    expect(sitePathOf('src/./App.tsx')).toBeUndefined();
    expect(sitePathOf(`${'a/'.repeat(100)}x.js`)).toBeUndefined();
  });
});
