import { z } from 'zod';
import { conversationId } from './chat.ts';
import { entityId } from './ids.ts';
import { WEB_ELEMENT_IMAGE_MAX_BYTES } from './limits.ts';

/**
 * Web pages built through chat: a web-builder agent's replies carry
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
  /** Shares a ready version by link (the live link when it is shared already). */
  shareSite: '/api/chat/share-site',
  /** Ends a version's link. */
  unshareSite: '/api/chat/unshare-site',
  /** An image for the conversation's site (multipart `file`, `conversation_id`). */
  uploadSiteImage: '/api/chat/upload-site-image',
  /** The images of the conversation's site. */
  siteImages: '/api/chat/get-site-images',
  /** Removes an image from the conversation's site. */
  deleteSiteImage: '/api/chat/delete-site-image',
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
  /** Whether anyone with its link may open the version, and that link (on the preview origin); null when not shared. */
  shared: z.boolean(),
  share_url: z.string().nullable(),
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

/** A ready version to share, or a shared one to stop sharing. */
export const shareSiteBody = z.object({ conversation_id: conversationId, version: entityId });
export type ShareSiteBody = z.input<typeof shareSiteBody>;
/** The version's link: `<preview origin>/s/<share_code>/`, read-only, working until it is revoked. */
export const siteShareData = z.object({ share_code: z.string(), share_url: z.string() });
export type SiteShareData = z.infer<typeof siteShareData>;
/** Where the preview origin serves a shared version. */
export const siteSharePath = (shareCode: string) => `/s/${shareCode}/`;

/**
 * Images of a conversation's site (uploaded by its owner; data URIs need no upload): every version
 * of the site reaches them at `assets/<name>`, beside its page, so they are referenced by that
 * relative address and never built.
 */
export const SITE_IMAGE_MAX_BYTES = WEB_ELEMENT_IMAGE_MAX_BYTES;
export const SITE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** The most images one conversation's site holds. */
export const SITE_IMAGES_MAX = 50;
export const siteImagesQuery = z.object({ conversation_id: conversationId });
export const siteImage = z.object({
  /** Unique in the conversation, from the uploaded file's name: `logo.png`, `logo-2.png`. */
  name: z.string(),
  /** What the site's code writes: `assets/<name>`. */
  path: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  /** The image on the app's own origin, for a thumbnail. */
  url: z.string(),
  created_at: z.string(),
});
export type SiteImage = z.infer<typeof siteImage>;
/** An image of the conversation's site, by its name (`logo.png`, not `assets/logo.png`). */
export const deleteSiteImageBody = z.object({
  conversation_id: conversationId,
  name: z.string().min(1).max(80),
});
/** Newest first. */
export const siteImagesData = z.object({ data: z.array(siteImage), total: z.number().int() });
export type SiteImagesData = z.infer<typeof siteImagesData>;

/** On the conversation's channel `chat:<id>` when a version is made and when its build ends. */
export type SitePublication = {
  type: 'site_version';
  version: number;
  status: SiteVersionStatus;
  message_id: number | null;
  errors: SiteBuildError[];
};
