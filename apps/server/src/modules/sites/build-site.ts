import { createRequire } from 'node:module';
import { posix } from 'node:path';
import {
  SITE_ALLOWED_IMPORTS,
  SITE_ENTRIES,
  SITE_FILE_MAX_BYTES,
  SITE_FILES_MAX,
  SITE_OUTPUT_MAX_BYTES,
  SITE_TOTAL_MAX_BYTES,
  type SiteBuildError,
  type SiteFile,
} from '@tandem/contract/chat-sites';
import { type BuildOptions, context, type Loader, type Message, type Plugin } from 'esbuild';

export type BuildResult =
  | { status: 'ready'; output: SiteFile[] }
  | { status: 'fail'; errors: SiteBuildError[] };

const NAMESPACE = 'site';
const requireHere = createRequire(import.meta.url);
const ALLOWED = new Set<string>(SITE_ALLOWED_IMPORTS);
const ALLOWED_NAMES = [...new Set(SITE_ALLOWED_IMPORTS.map((name) => name.split('/')[0]))].join(', ');
/** Tried, in order, for an import that names no extension. */
const RESOLVED_EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '.mjs', '.json', '.css'];
const LOADERS: Record<string, Loader> = {
  tsx: 'tsx',
  ts: 'ts',
  jsx: 'jsx',
  js: 'jsx',
  mjs: 'js',
  css: 'css',
  json: 'json',
  svg: 'dataurl',
  md: 'text',
  txt: 'text',
  html: 'text',
};
/** How a style sheet names an image of the site, `url(assets/logo.png)`, from wherever it is. */
const SITE_IMAGE_URL = /^(?:\.{1,2}\/)*assets\/([\w-]+\.(?:png|jpg|gif|webp))$/;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
/** An error of the whole site, at no file. */
export const wholeSite = (text: string): SiteBuildError => ({ file: null, line: null, column: null, text });

/** What a version may hold before anything is built: the limits keep a build's time and memory bounded. */
export function checkLimits(files: SiteFile[]): SiteBuildError[] {
  const errors: SiteBuildError[] = [];
  if (files.length > SITE_FILES_MAX) {
    errors.push(wholeSite(`The site has ${files.length} files; at most ${SITE_FILES_MAX} can be built.`));
  }
  for (const file of files) {
    if (bytes(file.content) > SITE_FILE_MAX_BYTES) {
      errors.push({
        file: file.path,
        line: null,
        column: null,
        text: `The file is larger than ${SITE_FILE_MAX_BYTES / 1024} KB.`,
      });
    }
  }
  const total = files.reduce((sum, file) => sum + bytes(file.content), 0);
  if (total > SITE_TOTAL_MAX_BYTES) {
    errors.push(
      wholeSite(`The site's files are larger than ${SITE_TOTAL_MAX_BYTES / 1024 / 1024} MB together.`),
    );
  }
  return errors;
}

/**
 * Resolves imports among the site's files only (held in memory, never on disk), and bare imports on the
 * allow-list from our own node_modules; anything else, the network included, is an error at the import.
 */
function siteFiles(files: Map<string, string>): Plugin {
  const find = (path: string) => {
    for (const extension of RESOLVED_EXTENSIONS) {
      if (files.has(`${path}${extension}`)) return `${path}${extension}`;
    }
    for (const extension of RESOLVED_EXTENSIONS.slice(1)) {
      if (files.has(`${path}/index${extension}`)) return `${path}/index${extension}`;
    }
    return undefined;
  };
  return {
    name: 'site-files',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: `/${args.path}`, namespace: NAMESPACE };
        // Inside an allowed package: esbuild resolves its own files and dependencies from disk.
        if (args.namespace !== NAMESPACE) return undefined;
        const spec = args.path;
        const isUrl = args.kind === 'url-token' || args.kind === 'import-rule';
        if (/^(https?:)?\/\//i.test(spec)) {
          return isUrl
            ? { path: spec, external: true }
            : { errors: [{ text: `"${spec}" cannot be imported: nothing is loaded from the network.` }] };
        }
        if (/^(data|blob):/i.test(spec) || (isUrl && spec.startsWith('#')))
          return { path: spec, external: true };
        // An image of the conversation's (site-images.ts): not built, beside the built style sheet.
        const image = isUrl ? SITE_IMAGE_URL.exec(spec) : null;
        if (image) return { path: image[1], external: true };
        if (spec.startsWith('.') || spec.startsWith('/')) {
          const wanted = posix.normalize(
            spec.startsWith('/') ? spec : posix.join(posix.dirname(args.importer), spec),
          );
          const found = wanted.startsWith('/') ? find(wanted.slice(1).split(/[?#]/)[0]!) : undefined;
          if (found) return { path: `/${found}`, namespace: NAMESPACE };
          // An address on the page's server (an uploaded image), not a file of the site.
          if (isUrl && spec.startsWith('/')) return { path: spec, external: true };
          return { errors: [{ text: `"${spec}" is not a file of the site.` }] };
        }
        if (ALLOWED.has(spec)) return { path: requireHere.resolve(spec) };
        return {
          errors: [{ text: `"${spec}" cannot be imported: only ${ALLOWED_NAMES} are available to a site.` }],
        };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const path = args.path.slice(1);
        const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
        return { contents: files.get(path) ?? '', loader: LOADERS[extension] ?? 'text' };
      });
    },
  };
}

const located = (message: Message): SiteBuildError => {
  const location = message.location;
  if (!location) return wholeSite(message.text);
  return {
    file: location.file.replace(new RegExp(`^${NAMESPACE}:`), '').replace(/^\//, ''),
    line: location.line,
    // esbuild counts columns from 0.
    column: location.column + 1,
    text: message.text,
  };
};

type PageEntry = { tag: string; path: string; kind: 'script' | 'style'; line: number; column: number };

const LOCAL_REFERENCE =
  /<(script)\b[^>]*?\bsrc\s*=\s*["']([^"']+)["'][^>]*>\s*<\/script>|<(link)\b[^>]*?\brel\s*=\s*["']stylesheet["'][^>]*>/gi;
const HREF = /\bhref\s*=\s*["']([^"']+)["']/i;

/** The page's own scripts and style sheets (not those of other sites), where they are written. */
function pageEntries(html: string): PageEntry[] {
  const entries: PageEntry[] = [];
  for (const match of html.matchAll(LOCAL_REFERENCE)) {
    const address = match[1] ? match[2]! : (HREF.exec(match[0])?.[1] ?? '');
    if (address === '' || /^([a-z]+:)?\/\//i.test(address) || /^(data|blob):/i.test(address)) continue;
    const before = html.slice(0, match.index);
    const line = before.split('\n').length;
    entries.push({
      tag: match[0],
      path: posix.normalize(address.replace(/^\.?\/+/, '')).split(/[?#]/)[0]!,
      kind: match[1] ? 'script' : 'style',
      line,
      column: match.index - before.lastIndexOf('\n'),
    });
  }
  return entries;
}

const reactPage = (title: string) =>
  `<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${title}</title>\n</head>\n<body>\n<div id="root"></div>\n</body>\n</html>\n`;

/** Puts the built style sheets at the end of the head and scripts at the end of the body. */
function withAssets(html: string, styles: string[], scripts: string[]) {
  const links = styles.map((path) => `<link rel="stylesheet" href="${path}">`).join('\n');
  const tags = scripts.map((path) => `<script defer src="${path}"></script>`).join('\n');
  const withStyles = /<\/head>/i.test(html)
    ? html.replace(/<\/head>/i, `${links}\n</head>`)
    : `${links}\n${html}`;
  return /<\/body>/i.test(withStyles)
    ? withStyles.replace(/<\/body>(?![\s\S]*<\/body>)/i, `${tags}\n</body>`)
    : `${withStyles}\n${tags}`;
}

export type BuildLimits = { timeoutMs: number };

/**
 * Builds a site from its files in memory: `index.html` with the scripts and style sheets it names, or a
 * React app from `src/main.tsx` mounted on a page of our own. The page comes out as `index.html` and
 * `assets/*`; errors name the file, line and column (from 1) where esbuild found them.
 */
export async function buildSite(files: SiteFile[], limits: BuildLimits): Promise<BuildResult> {
  const tooMuch = checkLimits(files);
  if (tooMuch.length > 0) return { status: 'fail', errors: tooMuch };
  const byPath = new Map(files.map((file) => [file.path, file.content]));
  const entry = SITE_ENTRIES.find((path) => byPath.has(path));
  if (!entry) {
    return {
      status: 'fail',
      errors: [wholeSite(`The site has no entry: write ${SITE_ENTRIES.slice(0, 2).join(' or ')}.`)],
    };
  }
  const html = entry === 'index.html' ? byPath.get(entry)! : undefined;
  const entries =
    html === undefined
      ? [{ tag: '', path: entry, kind: 'script' as const, line: 0, column: 0 }]
      : pageEntries(html);
  const missing = entries.filter((each) => !byPath.has(each.path));
  if (missing.length > 0) {
    return {
      status: 'fail',
      errors: missing.map((each) => ({
        file: 'index.html',
        line: each.line,
        column: each.column,
        text: `"${each.path}" is not a file of the site.`,
      })),
    };
  }
  const options: BuildOptions = {
    entryPoints: entries.map((each, index) => ({ in: each.path, out: `entry-${index}` })),
    bundle: true,
    write: false,
    outdir: '/assets',
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [siteFiles(byPath)],
  };
  const build = await context(options);
  let timer: NodeJS.Timeout | undefined;
  let isTimedOut = false;
  try {
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        isTimedOut = true;
        resolve(build.cancel());
      }, limits.timeoutMs);
    });
    const built = await Promise.race([build.rebuild(), timeout.then(() => undefined)]).catch(
      (error: { errors?: Message[] }) => ({ errors: error.errors ?? [], outputFiles: undefined }),
    );
    if (isTimedOut || !built) {
      return {
        status: 'fail',
        errors: [wholeSite(`The build took longer than ${limits.timeoutMs / 1000} s.`)],
      };
    }
    if (built.errors.length > 0 || !built.outputFiles) {
      return { status: 'fail', errors: built.errors.map(located) };
    }
    const assets = built.outputFiles.map((file) => ({
      path: `assets/${posix.basename(file.path)}`,
      content: file.text,
    }));
    const assetOf = (index: number, extension: string) =>
      assets.find((asset) => asset.path === `assets/entry-${index}.${extension}`)?.path;
    let page = html ?? reactPage('Preview');
    const styles: string[] = [];
    const scripts: string[] = [];
    entries.forEach((each, index) => {
      const script = assetOf(index, 'js');
      const style = assetOf(index, 'css');
      if (style) styles.push(style);
      if (each.kind === 'script' && script) scripts.push(script);
      if (each.tag) page = page.replace(each.tag, '');
    });
    const output = [{ path: 'index.html', content: withAssets(page, styles, scripts) }, ...assets];
    if (output.reduce((sum, file) => sum + bytes(file.content), 0) > SITE_OUTPUT_MAX_BYTES) {
      return {
        status: 'fail',
        errors: [wholeSite(`The built page is larger than ${SITE_OUTPUT_MAX_BYTES / 1024 / 1024} MB.`)],
      };
    }
    return { status: 'ready', output };
  } finally {
    clearTimeout(timer);
    await build.dispose();
  }
}
