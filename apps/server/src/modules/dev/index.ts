// The dev module's face.
export { devRoutes } from './routes.ts';
