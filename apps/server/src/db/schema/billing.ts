import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

/** A plan's texts in one language. */
export type PlanTexts = { name: string; desc: string; equity_name: string; benefits: string[] };

/**
 * The plan catalogue, written at start from the operator's plans file
 * (or the built-in defaults), so every node and every SQL query reads the same quotas.
 */
export const billingPlans = pgTable('billing_plans', {
  verId: integer('ver_id').primaryKey(),
  sort: integer('sort').notNull(),
  isFree: boolean('is_free').notNull().default(false),
  monthlyPoints: integer('monthly_points').notNull(),
  storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull(),
  memberLimit: integer('member_limit').notNull(),
  /** Texts by locale (`zh-CN`, `zh-TW`, `en-US`, `ja-JP`). */
  texts: jsonb('texts').$type<Record<string, PlanTexts>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A plan's price for one cycle ("Pricing plan"), in minor units of the operator's currency. */
export const billingPricingPlans = pgTable(
  'billing_pricing_plans',
  {
    planId: integer('plan_id').primaryKey(),
    verId: integer('ver_id')
      .notNull()
      .references(() => billingPlans.verId, { onDelete: 'cascade' }),
    periodType: integer('period_type').notNull(),
    price: integer('price').notNull(),
    originalPrice: integer('original_price').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    recommend: boolean('recommend').notNull().default(false),
    currency: text('currency').notNull(),
    /** The Stripe Price this plan is sold as, when Stripe is the provider. */
    stripePriceId: text('stripe_price_id'),
  },
  (t) => [index('billing_pricing_plans_ver').on(t.verId)],
);

/**
 * A team's paid subscription: its state is folded from the team's payment events in their own time
 * order (`billing_events`), so a late, repeated or shuffled event never undoes a later one. Past
 * `ends_at` the team is on the free plan again.
 */
export const teamSubscriptions = pgTable('team_subscriptions', {
  teamId: integer('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  verId: integer('ver_id').notNull(),
  pricingPlanId: integer('pricing_plan_id'),
  periodType: integer('period_type').notNull(),
  provider: text('provider').$type<'sandbox' | 'stripe'>().notNull(),
  providerSubscriptionId: text('provider_subscription_id'),
  providerCustomerId: text('provider_customer_id'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  cancelReason: text('cancel_reason'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  nextAmount: integer('next_amount').notNull().default(0),
  currency: text('currency').notNull(),
  discountPercent: integer('discount_percent').notNull().default(0),
  /** When the end was settled: the points cut to the free plan's (once). */
  expirySettledAt: timestamp('expiry_settled_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An order: a purchase, an upgrade or a renewal; the bills list shows them. */
export const billingOrders = pgTable(
  'billing_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    verId: integer('ver_id').notNull(),
    pricingPlanId: integer('pricing_plan_id'),
    periodType: integer('period_type').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** 0 unpaid, 1 paid, 2 cancelled. */
    status: integer('status').notNull().default(0),
    provider: text('provider').$type<'sandbox' | 'stripe'>().notNull(),
    /** The provider's checkout session, when the order was paid through one. */
    sessionId: text('session_id'),
    /** The provider's invoice (Stripe) for the invoice PDF. */
    providerInvoiceId: text('provider_invoice_id'),
    invoiceUrl: text('invoice_url'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_orders_order_no').on(t.orderNo),
    uniqueIndex('billing_orders_session').on(t.sessionId),
    index('billing_orders_team_time').on(t.teamId, t.createdAt),
    index('billing_orders_pending').on(t.status).where(sql`${t.status} = 0`),
  ],
);

/** Every payment event processed, once: the id makes a repeated delivery a no-op. */
export const billingEvents = pgTable(
  'billing_events',
  {
    eventId: text('event_id').primaryKey(),
    provider: text('provider').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The provider's time of the event: the fold's order. */
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_events_team_time').on(t.teamId, t.occurredAt)],
);

/** The name the team's invoices are made out to ("Billed to"); without one, the owner's name. */
export const teamBillingProfiles = pgTable('team_billing_profiles', {
  teamId: integer('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  billingName: text('billing_name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The team's saved card, as the provider described it. */
export const teamPaymentMethods = pgTable('team_payment_methods', {
  teamId: integer('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox provider's own records: what a real provider keeps on its side (checkout sessions,
 * setup intents, cards), so reconciliation can ask it about a pending order.
 */
export const sandboxSessions = pgTable('sandbox_sessions', {
  sessionId: text('session_id').primaryKey(),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  orderNo: text('order_no').notNull(),
  /** `open`, `requires_action`, `paid`, `expired`. */
  status: text('status').notNull().default('open'),
  actionToken: text('action_token'),
  paymentMethodId: text('payment_method_id'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const sandboxCards = pgTable('sandbox_cards', {
  paymentMethodId: text('payment_method_id').primaryKey(),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  clientSecret: text('client_secret').primaryKey(),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  paymentMethodId: text('payment_method_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
