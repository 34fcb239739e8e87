// The device module's face: its plugin (an account's signed-in devices, signing one out).
export { deviceRoutes } from './routes.ts';
