// The dict module's face: its plugin (the dictionaries the team screens pick from).
export { dictRoutes } from './routes.ts';
