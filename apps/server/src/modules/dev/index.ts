// The dev module's face: its plugin (the development outbox and helpers, when they are on).
export { devRoutes } from './routes.ts';
