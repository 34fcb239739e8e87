// The system module's face: its plugin (health, the public system configuration, limits).
export { systemRoutes } from './routes.ts';
