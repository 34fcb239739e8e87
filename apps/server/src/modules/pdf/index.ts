// The PDF module's face: its plugin (PDF uploads, pages and their text).
export { pdfRoutes } from './pdf-routes.ts';
