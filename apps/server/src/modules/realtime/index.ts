// The realtime module's face: its plugin (realtime tokens and channel subscriptions).
export { realtimeRoutes } from './routes.ts';
