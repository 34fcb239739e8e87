// The writing module's face.
export { aiWritingRoutes } from './ai-writing-routes.ts';
