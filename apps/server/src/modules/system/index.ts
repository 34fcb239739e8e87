// The system module's face.
export { systemRoutes } from './routes.ts';
