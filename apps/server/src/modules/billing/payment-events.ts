import { ORDER_STATUS } from '@tandem/contract/billing';
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  billingEvents,
  billingOrders,
  billingPlans,
  pointsLedger,
  teamPoints,
  teamSubscriptions,
  teams,
} from '../../db/schema.ts';
import { planLedgerRow, settleEndedPlan } from '../quotas/index.ts';
import { refusesChange } from './plan-rules.ts';

/**
 * The payment events both providers produce (the sandbox directly, Stripe through its verified
 * webhooks), and their one processor. Idempotent by event id; the subscription is folded from all of
 * the team's events in their own time order, so arrival order does not matter; a paid order grants
 * its points once, in the same transaction as the subscription state.
 */

export type Provider = 'sandbox' | 'stripe';

export type OrderPaid = {
  order_no: string;
  ver_id: number;
  pricing_plan_id: number | null;
  period_type: number;
  amount: number;
  currency: string;
  period_start: string;
  period_end: string;
  /** A renewal extends the period; a purchase (first or upgrade) also grants the plan's points. */
  is_renewal: boolean;
  /** The plan's price for a period, which renewals charge (`amount` may be an upgrade's prorated charge). */
  list_price?: number;
  subscription_id?: string | null;
  customer_id?: string | null;
  invoice_id?: string | null;
  invoice_url?: string | null;
};

type EventBase = { id: string; provider: Provider; teamId: number; occurredAt: Date };
export type PaymentEvent = EventBase &
  (
    | { type: 'order.paid'; payload: OrderPaid }
    | { type: 'order.failed'; payload: { order_no: string } }
    | {
        type: 'subscription.updated';
        payload: {
          cancel_at_period_end: boolean;
          reason?: string | null;
          discount_percent?: number;
          /** The provider's subscription it is about; another than the team's own changes nothing. */
          subscription_id?: string;
        };
      }
    | { type: 'subscription.ended'; payload: { ended_at: string; subscription_id?: string } }
  );

/**
 * `refused`: a purchase paid for a plan change the team may no longer make (a checkout opened before
 * another was paid): its order is cancelled and nothing of it applied; the provider gives the money back.
 */
export type EventOutcome = 'processed' | 'duplicate' | 'refused';

/** Stored in place of `order.paid` for a refused purchase: kept for idempotency, never folded. */
const REFUSED_PURCHASE = 'order.refused';

export async function processPaymentEvent(db: Db, event: PaymentEvent): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    // One team's events one at a time: the fold below reads all of them.
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, event.teamId)).for('update');
    const isRefused = event.type === 'order.paid' && (await isRefusedPurchase(tx, event, event.payload));
    const inserted = await tx
      .insert(billingEvents)
      .values({
        eventId: event.id,
        provider: event.provider,
        teamId: event.teamId,
        type: isRefused ? REFUSED_PURCHASE : event.type,
        occurredAt: event.occurredAt,
        payload: event.payload as Record<string, unknown>,
      })
      .onConflictDoNothing()
      .returning({ id: billingEvents.eventId });
    if (inserted.length === 0) return 'duplicate';
    if (isRefused) {
      await tx
        .update(billingOrders)
        .set({ status: ORDER_STATUS.cancelled })
        .where(
          and(eq(billingOrders.orderNo, event.payload.order_no), eq(billingOrders.teamId, event.teamId)),
        );
      return 'refused';
    }
    if (event.type === 'order.paid') await markOrderPaid(tx, event, event.payload);
    if (event.type === 'order.failed') {
      // Paid wins: a failure never undoes a payment, whichever arrives first.
      await tx
        .update(billingOrders)
        .set({ status: 2 })
        .where(
          and(
            eq(billingOrders.orderNo, event.payload.order_no),
            eq(billingOrders.teamId, event.teamId),
            eq(billingOrders.status, 0),
          ),
        );
    }
    await foldSubscription(tx, event.teamId);
    return 'processed';
  });
}

/**
 * A purchase (not a renewal) of an order of ours not yet paid, for a plan change the subscription the
 * team had when it was paid did not allow: two checkouts paid one after the other. Judged by the
 * team's events before it in time (under the team's lock), so a purchase whose webhook comes after a
 * later upgrade's is not taken for a step down.
 */
async function isRefusedPurchase(tx: Tx, event: EventBase, paid: OrderPaid) {
  if (paid.is_renewal) return false;
  const [order] = await tx
    .select({ status: billingOrders.status })
    .from(billingOrders)
    .where(and(eq(billingOrders.orderNo, paid.order_no), eq(billingOrders.teamId, event.teamId)));
  if (!order || order.status === ORDER_STATUS.paid) return false;
  const before = await tx
    .select()
    .from(billingEvents)
    .where(and(eq(billingEvents.teamId, event.teamId), lt(billingEvents.occurredAt, event.occurredAt)))
    .orderBy(asc(billingEvents.occurredAt), asc(billingEvents.eventId));
  const state = foldEvents(before);
  if (!state?.endsAt || state.endsAt <= event.occurredAt) return false;
  return refusesChange(tx, state, { verId: paid.ver_id, periodType: paid.period_type });
}

async function markOrderPaid(tx: Tx, event: EventBase, paid: OrderPaid) {
  // A provider's own renewal has no order of ours yet: the event makes it.
  await tx
    .insert(billingOrders)
    .values({
      orderNo: paid.order_no,
      teamId: event.teamId,
      verId: paid.ver_id,
      pricingPlanId: paid.pricing_plan_id,
      periodType: paid.period_type,
      amount: paid.amount,
      currency: paid.currency,
      provider: event.provider,
    })
    .onConflictDoNothing();
  const changed = await tx
    .update(billingOrders)
    .set({
      status: 1,
      paidAt: event.occurredAt,
      periodStart: new Date(paid.period_start),
      periodEnd: new Date(paid.period_end),
      providerInvoiceId: paid.invoice_id ?? null,
      invoiceUrl: paid.invoice_url ?? null,
    })
    .where(
      and(
        eq(billingOrders.orderNo, paid.order_no),
        eq(billingOrders.teamId, event.teamId),
        ne(billingOrders.status, 1),
      ),
    )
    .returning({ id: billingOrders.id });
  if (changed.length === 0 || paid.is_renewal) return;
  const [plan] = await tx
    .select({ points: billingPlans.monthlyPoints })
    .from(billingPlans)
    .where(eq(billingPlans.verId, paid.ver_id));
  if (!plan || plan.points <= 0) return;
  await tx.insert(teamPoints).values({ teamId: event.teamId }).onConflictDoNothing();
  await tx
    .update(teamPoints)
    .set({ balance: sql`${teamPoints.balance} + ${plan.points}`, updatedAt: new Date() })
    .where(eq(teamPoints.teamId, event.teamId));
  await tx.insert(pointsLedger).values(planLedgerRow(event.teamId, plan.points, 'plan_purchase'));
}

type SubscriptionState = Omit<typeof teamSubscriptions.$inferInsert, 'teamId' | 'updatedAt'>;

const later = (a: Date | null | undefined, b: Date) => (a && a > b ? a : b);

const isAboutAnother = (payload: unknown, state: SubscriptionState) => {
  const named = (payload as { subscription_id?: string }).subscription_id;
  return Boolean(named && state.providerSubscriptionId && named !== state.providerSubscriptionId);
};

/** The subscription as the team's events say it is, in their time order (ties by event id). */
async function foldSubscription(tx: Tx, teamId: number) {
  const events = await tx
    .select()
    .from(billingEvents)
    .where(eq(billingEvents.teamId, teamId))
    .orderBy(asc(billingEvents.occurredAt), asc(billingEvents.eventId));
  const state = foldEvents(events);
  if (!state) return;
  // Unsettled again: an ended subscription is cut back to the free plan's points below, in this
  // transaction, so a purchase that arrives after the end (late, replayed) leaves no paid points behind.
  const values = { ...state, updatedAt: new Date(), expirySettledAt: null };
  await tx
    .insert(teamSubscriptions)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: teamSubscriptions.teamId, set: values });
  if (!state.endsAt || state.endsAt <= new Date()) await settleEndedPlan(tx, teamId);
}

/** What `events` (one team's, in time order) make of its subscription; undefined before any purchase. */
function foldEvents(events: (typeof billingEvents.$inferSelect)[]) {
  let state: SubscriptionState | undefined;
  for (const event of events) {
    const payload = event.payload;
    if (event.type === 'order.paid') {
      const paid = payload as OrderPaid;
      const start = new Date(paid.period_start);
      const end = new Date(paid.period_end);
      const isRunning = state?.endsAt && state.endsAt > event.occurredAt;
      state = {
        verId: paid.ver_id,
        pricingPlanId: paid.pricing_plan_id,
        periodType: paid.period_type,
        provider: event.provider as Provider,
        providerSubscriptionId: paid.subscription_id ?? state?.providerSubscriptionId ?? null,
        providerCustomerId: paid.customer_id ?? state?.providerCustomerId ?? null,
        cancelAtPeriodEnd: false,
        cancelReason: null,
        startedAt: isRunning && state?.startedAt ? state.startedAt : start,
        endsAt: later(isRunning ? state?.endsAt : null, end),
        nextAmount: paid.list_price ?? paid.amount,
        currency: paid.currency,
        // The retention discount is for the next renewal of the plan it was offered on: a renewal uses it
        // up, a change of plan drops it.
        discountPercent: 0,
      };
    } else if (state && isAboutAnother(payload, state)) {
      // A subscription of the provider's that is not the team's (a refused purchase's, cancelled there).
    } else if (state && event.type === 'subscription.updated') {
      const update = payload as {
        cancel_at_period_end: boolean;
        reason?: string | null;
        discount_percent?: number;
      };
      state.cancelAtPeriodEnd = update.cancel_at_period_end;
      state.cancelReason = update.cancel_at_period_end ? (update.reason ?? null) : null;
      if (update.discount_percent !== undefined) state.discountPercent = update.discount_percent;
    } else if (state && event.type === 'subscription.ended') {
      const endedAt = new Date((payload as { ended_at: string }).ended_at);
      if (!state.endsAt || endedAt < state.endsAt) state.endsAt = endedAt;
      state.cancelAtPeriodEnd = true;
    }
  }
  return state;
}
