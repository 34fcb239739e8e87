// The dict module's face.
export { dictRoutes } from './routes.ts';
