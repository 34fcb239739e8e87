// The oauth module's face: its plugin (sign-in with an outside identity provider).
export { oauthRoutes } from './routes.ts';
