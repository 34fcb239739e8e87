// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { SITE_FILE_MAX_BYTES, SITE_FILES_MAX, type SiteFile } from '@tandem/contract/chat-sites';
import { describe, expect, it } from 'vitest';
import { buildSite } from './build-site.ts';

const limits = { timeoutMs: 20_000 };

const reactApp: SiteFile[] = [
  {
    path: 'src/main.tsx',
    content: [
      "import { createRoot } from 'react-dom/client';",
      "import App from './App';",
      "import './app.css';",
      "createRoot(document.getElementById('root')!).render(<App />);",
    ].join('\n'),
  },
  {
    path: 'src/App.tsx',
    content: [
      "import { useState } from 'react';",
      'export default function App() {',
      '  const [count, setCount] = useState(0);',
      '  return <button onClick={() => setCount(count + 1)}>Clicked {count}</button>;',
      '}',
    ].join('\n'),
  },
  { path: 'src/app.css', content: 'button { background: url(/api/upload/files/x.png); color: teal; }\n' },
];

const fileOf = (output: SiteFile[], path: string) => output.find((file) => file.path === path)?.content ?? '';

describe('building a site', () => {
  it('builds a React app from src/main.tsx into a page mounting it, with React from our own node_modules', async () => {
    const result = await buildSite(reactApp, limits);
    if (result.status !== 'ready') throw new Error(JSON.stringify(result.errors));
    const page = fileOf(result.output, 'index.html');
    expect(page).toContain('<div id="root"></div>');
    expect(page).toContain('<script defer src="assets/entry-0.js"></script>');
    expect(page).toContain('<link rel="stylesheet" href="assets/entry-0.css">');
    expect(fileOf(result.output, 'assets/entry-0.js')).toContain('Clicked');
    // An uploaded image stays an address on the page's server.
    expect(fileOf(result.output, 'assets/entry-0.css')).toContain('/api/upload/files/x.png');
  });

  it("builds index.html's own scripts and style sheets in place of the ones it names", async () => {
    const result = await buildSite(
      [
        {
          path: 'index.html',
          content:
            '<html><head><link rel="stylesheet" href="style.css"><link rel="stylesheet" href="https://cdn.example/x.css"></head>\n<body><h1>Hi</h1>\n<script type="module" src="./main.ts"></script></body></html>',
        },
        {
          path: 'main.ts',
          content: "import { greet } from './greet';\ndocument.querySelector('h1')!.textContent = greet();\n",
        },
        { path: 'greet.ts', content: "export const greet = (): string => 'Hello';\n" },
        { path: 'style.css', content: 'h1 { color: red }\n' },
      ],
      limits,
    );
    if (result.status !== 'ready') throw new Error(JSON.stringify(result.errors));
    const page = fileOf(result.output, 'index.html');
    expect(page).not.toContain('main.ts');
    expect(page).not.toContain('href="style.css"');
    expect(page).toContain('https://cdn.example/x.css');
    expect(page).toMatch(/<script defer src="assets\/entry-1\.js"><\/script>\n<\/body>/);
    expect(fileOf(result.output, 'assets/entry-0.css')).toContain('color:red');
    expect(fileOf(result.output, 'assets/entry-1.js')).toContain('Hello');
  });

  it('fails with the file, line and column (from 1) of a syntax error', async () => {
    const broken = reactApp.map((file) =>
      file.path === 'src/App.tsx'
        ? { ...file, content: 'export default function App() {\n  return <h1>Hi</h1;\n}\n' }
        : file,
    );
    expect(await buildSite(broken, limits)).toEqual({
      status: 'fail',
      errors: [{ file: 'src/App.tsx', line: 2, column: 20, text: 'Expected ">" but found ";"' }],
    });
  });

  it('refuses imports off the allow-list, from the network, and outside the site, each where it is written', async () => {
    const result = await buildSite(
      [
        {
          path: 'src/main.tsx',
          content: [
            "import _ from 'lodash';",
            "import remote from 'https://esm.sh/react';",
            "import secret from '../../../../etc/passwd';",
            "import { readFileSync } from 'node:fs';",
            'console.log(_, remote, secret, readFileSync);',
          ].join('\n'),
        },
      ],
      limits,
    );
    expect(result.status).toBe('fail');
    if (result.status !== 'fail') return;
    expect(result.errors.map(({ file, line, column }) => ({ file, line, column }))).toEqual([
      { file: 'src/main.tsx', line: 1, column: 15 },
      { file: 'src/main.tsx', line: 2, column: 20 },
      { file: 'src/main.tsx', line: 3, column: 20 },
      { file: 'src/main.tsx', line: 4, column: 30 },
    ]);
    expect(result.errors[0]!.text).toContain('only react, react-dom');
    expect(result.errors[1]!.text).toContain('network');
    expect(result.errors[2]!.text).toContain('not a file of the site');
  });

  it('fails a site without an entry, and a page naming a script it does not have', async () => {
    expect(await buildSite([{ path: 'src/App.tsx', content: 'export {}' }], limits)).toMatchObject({
      status: 'fail',
      errors: [{ file: null, text: expect.stringContaining('no entry') }],
    });
    expect(
      await buildSite(
        [{ path: 'index.html', content: '<body>\n  <script src="app.js"></script></body>' }],
        limits,
      ),
    ).toMatchObject({ status: 'fail', errors: [{ file: 'index.html', line: 2, column: 3 }] });
  });

  it('fails a build that runs past its time limit', async () => {
    const result = await buildSite(reactApp, { timeoutMs: 1 });
    expect(result).toMatchObject({
      status: 'fail',
      errors: [{ file: null, text: expect.stringContaining('longer than') }],
    });
  });

  it('fails without building a site past the size limits', async () => {
    const big = await buildSite(
      [...reactApp, { path: 'src/big.txt', content: 'x'.repeat(SITE_FILE_MAX_BYTES + 1) }],
      limits,
    );
    expect(big).toMatchObject({ status: 'fail', errors: [{ file: 'src/big.txt' }] });
    const many = Array.from({ length: SITE_FILES_MAX + 1 }, (_, index) => ({
      path: `f${index}.js`,
      content: '',
    }));
    expect(await buildSite(many, limits)).toMatchObject({
      status: 'fail',
      errors: [{ file: null, text: expect.stringContaining(`at most ${SITE_FILES_MAX}`) }],
    });
  });

  it("leaves the site's images to the preview origin: a style sheet's assets/<name> is the image beside it", async () => {
    const result = await buildSite(
      [
        {
          path: 'index.html',
          content: '<link rel="stylesheet" href="src/style.css"><img src="assets/logo.png">',
        },
        {
          path: 'src/style.css',
          content: 'body { background: url(assets/sky.jpg) } h1 { background: url("../assets/logo.png") }\n',
        },
      ],
      limits,
    );
    if (result.status !== 'ready') throw new Error(JSON.stringify(result.errors));
    // The built sheet is assets/entry-0.css: its images are addressed from there.
    const sheet = fileOf(result.output, 'assets/entry-0.css');
    expect(sheet).toContain('url(sky.jpg)');
    expect(sheet).toContain('url(logo.png)');
    expect(fileOf(result.output, 'index.html')).toContain('<img src="assets/logo.png">');
    expect(result.output.map((file) => file.path)).toEqual(['index.html', 'assets/entry-0.css']);
  });
});
