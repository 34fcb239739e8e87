// The pdf module's face.
export { pdfRoutes } from './pdf-routes.ts';
