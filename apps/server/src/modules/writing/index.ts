// The writing module's face: its plugin (the editor's AI writing on a selection, billed in points).
export { aiWritingRoutes } from './ai-writing-routes.ts';
