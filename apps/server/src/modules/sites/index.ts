// The sites module's face.
export { SITE_BUILDER_RULES } from './builder-prompt.ts';
export { siteImageRoutes } from './image-routes.ts';
export { createPreviewLinks } from './preview-links.ts';
export { previewFrameSource } from './preview-origin.ts';
export { createPreviewServer } from './preview-server.ts';
export { siteRoutes } from './routes.ts';
export { createSiteBuilder } from './site-builds.ts';
