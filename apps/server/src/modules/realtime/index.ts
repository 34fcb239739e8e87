// The realtime module's face.
export { realtimeRoutes } from './routes.ts';
