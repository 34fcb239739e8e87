// The sites module's face: its plugin (a reply's site, versions, previews, share, images), the
// builder and preview origin app.ts starts, and the rules a web-building agent's prompt carries.
export { SITE_BUILDER_RULES } from './builder-prompt.ts';
export { siteModule } from './plugin.ts';
export { createPreviewLinks } from './preview-links.ts';
export { previewFrameSource } from './preview-origin.ts';
export { createPreviewServer } from './preview-server.ts';
export { createSiteBuilder } from './site-builds.ts';
