// The device module's face.
export { deviceRoutes } from './routes.ts';
