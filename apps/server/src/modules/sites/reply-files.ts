import { SITE_FILE_EXTENSIONS, SITE_PATH_MAX, type SiteFile } from '@tandem/contract/chat-sites';

/** An opening fence: up to three spaces, three or more backticks or tildes, then the info string. */
const OPENING = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/** `path=src/App.tsx`, `path="src/App.tsx"` or `path='src/App.tsx'` anywhere in the info string. */
const PATH_ATTRIBUTE = /(?:^|\s)path=(?:"([^"]*)"|'([^']*)'|(\S+))/;
const SEGMENT = /^[\w.-]+$/;
const EXTENSIONS = new Set<string>(SITE_FILE_EXTENSIONS);

/**
 * A file path a site may hold: relative, `/` separated, no `.` or `..` segment, a known extension.
 * A leading `./` or `/` is dropped; anything else answers undefined.
 */
export function sitePathOf(raw: string): string | undefined {
  const path = raw.trim().replace(/^\.?\/+/, '');
  if (path === '' || path.length > SITE_PATH_MAX) return undefined;
  const segments = path.split('/');
  if (segments.some((segment) => !SEGMENT.test(segment) || /^\.+$/.test(segment))) return undefined;
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return path.includes('.') && EXTENSIONS.has(extension) ? path : undefined;
}

export type ReplyFiles = {
  /** The files of the reply's complete blocks, in order; a path written twice keeps its last block. */
  files: SiteFile[];
  /** Paths of blocks the reply never closed (cut by Stop or by the token limit): left out, being partial. */
  cut: string[];
  /** `path=` values that are not a path a site may hold. */
  refused: string[];
};

/**
 * The files a web-builder reply writes: its fenced code blocks whose info string names a `path=`.
 * Blocks without one are ordinary code in the answer. A fence closes with the same character, at
 * least as long, and nothing after it (CommonMark), so a block may show a shorter fence inside it.
 */
export function filesOfReply(text: string): ReplyFiles {
  const lines = text.split(/\r?\n/);
  const byPath = new Map<string, string>();
  const cut: string[] = [];
  const refused: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const opening = OPENING.exec(lines[index]!);
    index += 1;
    if (!opening) continue;
    const fence = opening[1]!;
    const info = opening[2]!;
    // A backtick fence's info string holds no backtick (CommonMark): such a line is inline code.
    if (fence[0] === '`' && info.includes('`')) continue;
    const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    const body: string[] = [];
    let isClosed = false;
    while (index < lines.length) {
      const line = lines[index]!;
      index += 1;
      if (closing.test(line)) {
        isClosed = true;
        break;
      }
      body.push(line);
    }
    const named = PATH_ATTRIBUTE.exec(info);
    if (!named) continue;
    const raw = named[1] ?? named[2] ?? named[3] ?? '';
    const path = sitePathOf(raw);
    if (!path) refused.push(raw);
    else if (!isClosed) cut.push(path);
    else {
      byPath.delete(path);
      byPath.set(path, body.length > 0 ? `${body.join('\n')}\n` : '');
    }
  }
  return { files: [...byPath].map(([path, content]) => ({ path, content })), cut, refused };
}
