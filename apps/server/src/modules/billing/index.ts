// The billing module's face.
export { createBilling } from './billing.ts';
export { billingRoutes } from './routes.ts';
