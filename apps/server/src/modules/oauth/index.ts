// The oauth module's face.
export { oauthRoutes } from './routes.ts';
