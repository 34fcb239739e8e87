import { z } from 'zod';
import { conversationId } from './chat.ts';
import { entityId } from './ids.ts';

/**
 * Web pages built through chat (spec part B sections 1-4, 8): a web-builder agent's replies carry
 * files as fenced code blocks whose info string names them (```` ```tsx path=src/App.tsx ````). Each
 * reply with at least one makes the next numbered version of the conversation's site (files it does
 * not repeat are kept from the version before), built on the server: `building`, then `ready` or
 * `fail` with the build's errors.
 */

export const CHAT_SITES_API = {
  siteVersions: '/api/chat/get-site-versions',
  siteFiles: '/api/chat/get-site-files',
  /** A version's files as a zip (`?conversation_id&version`), `site-v<version>.zip`. */
  downloadSite: '/api/chat/download-site',
  /** Sends a failed version's errors to the agent, as a message of the user's. */
  fixSite: '/api/chat/fix-site',
} as const;

export const SITE_VERSION_STATUSES = ['building', 'ready', 'fail'] as const;
export type SiteVersionStatus = (typeof SITE_VERSION_STATUSES)[number];

/** The most files one version holds (what the model wrote plus what it kept). */
export const SITE_FILES_MAX = 60;
/** The largest file of a site, in UTF-8 bytes. */
export const SITE_FILE_MAX_BYTES = 256 * 1024;
/** All of one version's files together, in UTF-8 bytes. */
export const SITE_TOTAL_MAX_BYTES = 1024 * 1024;
/** The largest built page (HTML, script and styles together): a bigger one fails. */
export const SITE_OUTPUT_MAX_BYTES = 5 * 1024 * 1024;
export const SITE_PATH_MAX = 160;
/** The kinds of file a site may hold, by extension. */
export const SITE_FILE_EXTENSIONS = [
  'html',
  'css',
  'js',
  'jsx',
  'mjs',
  'ts',
  'tsx',
  'json',
  'svg',
  'md',
  'txt',
] as const;
/** What a site's code may import besides its own files: served from our node_modules, never the network. */
export const SITE_ALLOWED_IMPORTS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
] as const;
/** The entries a build starts from, the first found: a page, or a React app mounted on `#root`. */
export const SITE_ENTRIES = [
  'index.html',
  'src/main.tsx',
  'src/main.jsx',
  'src/main.ts',
  'src/main.js',
] as const;
/** How long a signed preview address works. */
export const SITE_PREVIEW_LINK_TTL_MS = 60 * 60 * 1000;

/** Where a build failed: `line` and `column` count from 1; `file` is null for an error of the whole site. */
export const siteBuildError = z.object({
  file: z.string().nullable(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  text: z.string(),
});
export type SiteBuildError = z.infer<typeof siteBuildError>;

export const siteFile = z.object({ path: z.string(), content: z.string() });
export type SiteFile = z.infer<typeof siteFile>;

export const siteVersionsQuery = z.object({ conversation_id: conversationId });

export const siteVersion = z.object({
  version: z.number().int(),
  status: z.enum(SITE_VERSION_STATUSES),
  created_at: z.string(),
  /** The reply that made it; null once that reply is gone. */
  message_id: z.number().int().nullable(),
  errors: z.array(siteBuildError),
  /** The built page on the preview origin, signed for the caller and expiring; null until it is ready. */
  preview_url: z.string().nullable(),
});
export type SiteVersion = z.infer<typeof siteVersion>;

/** Newest first. */
export const siteVersionsData = z.object({ data: z.array(siteVersion), total: z.number().int() });
export type SiteVersionsData = z.infer<typeof siteVersionsData>;

export const siteFilesQuery = z.object({ conversation_id: conversationId, version: entityId });
/** Every file of the version, in path order. */
export const siteFilesData = z.object({ files: z.array(siteFile) });
export type SiteFilesData = z.infer<typeof siteFilesData>;

/** The failed version whose errors the agent is asked to fix; answered as `agent-send-message` answers. */
export const fixSiteBody = z.object({ conversation_id: conversationId, version: entityId });
export type FixSiteBody = z.input<typeof fixSiteBody>;
/** The errors a fix request lists at most, and the characters of each error's text it keeps. */
export const SITE_FIX_ERRORS_MAX = 20;
export const SITE_FIX_ERROR_TEXT_MAX = 500;

/** On the conversation's channel `chat:<id>` when a version is made and when its build ends. */
export type SitePublication = {
  type: 'site_version';
  version: number;
  status: SiteVersionStatus;
  message_id: number | null;
  errors: SiteBuildError[];
};
