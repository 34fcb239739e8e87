// The billing module's face: its plugin (orders, payments, subscriptions, bills, webhooks) and the
// billing service app.ts starts (the catalogue written, pending orders reconciled, ended plans settled).
export { createBilling } from './billing.ts';
export { billingRoutes } from './routes.ts';
