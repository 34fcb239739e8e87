import type { billingOrders, teamSubscriptions } from '../../../db/schema.ts';
import type { PaymentEvent, Provider } from '../payment-events.ts';

export type OrderRow = typeof billingOrders.$inferSelect;
export type SubscriptionRow = typeof teamSubscriptions.$inferSelect;
export type CardInfo = {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/**
 * A payment provider (sandbox or Stripe). Money moves on the provider's side; what it did comes
 * back as `PaymentEvent`s (the sandbox sends them itself, Stripe through its webhooks), which one
 * processor applies to orders, subscriptions and points.
 */
export interface PaymentProvider {
  readonly kind: Provider;
  readonly publishableKey: string;
  /** A hosted checkout page for a team without a paid subscription. */
  createCheckout(input: {
    order: OrderRow;
    origin: string;
    email: string | null;
    stripePriceId: string | null;
    customerId: string | null;
  }): Promise<{ sessionId: string; url: string }>;
  /** The hosted checkout page of an unpaid order, while its session is still open. */
  reopenCheckout(input: { order: OrderRow; origin: string }): Promise<string | undefined>;
  /** Closes an unpaid order's checkout session so it can no longer be paid. */
  expireCheckout(order: OrderRow): Promise<void>;
  /** Moves the paid subscription to the order's plan, paid with the saved card; the order is polled. */
  changeSubscription(input: {
    order: OrderRow;
    subscription: SubscriptionRow;
    stripePriceId: string | null;
    /** The instant the unused part of the period is credited at (the confirmed quote's). */
    prorationDate: Date;
  }): Promise<void>;
  /** Auto-renewal off (cancel at the period's end) or on again. */
  setAutoRenew(input: {
    subscription: SubscriptionRow;
    autoRenew: boolean;
    reason: string | null;
    discountPercent?: number;
  }): Promise<void>;
  createSetupIntent(input: { teamId: number; customerId: string | null }): Promise<string>;
  /** The provider's card, once it is the team's (and, at the provider, the customer's default). */
  attachPaymentMethod(input: {
    teamId: number;
    paymentMethodId: string;
    customerId: string | null;
  }): Promise<CardInfo>;
  /** Reconciliation: the event of a pending order the provider took the money for, if it did. */
  lookupOrder(order: OrderRow): Promise<PaymentEvent | undefined>;
  /** Periodic work on the provider's side (the sandbox renews due subscriptions). */
  sweep?(): Promise<void>;
}

export const addPeriod = (from: Date, periodType: number) => {
  const next = new Date(from);
  if (periodType === 2) next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};
