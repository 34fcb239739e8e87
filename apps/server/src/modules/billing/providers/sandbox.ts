import { randomBytes } from 'node:crypto';
import { ORDER_STATUS, SANDBOX_CARDS, SANDBOX_CHECKOUT_PATH } from '@tandem/contract/billing';
import { and, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import {
  billingOrders,
  billingPricingPlans,
  sandboxCards,
  sandboxSessions,
  sandboxSetupIntents,
  teamPaymentMethods,
  teamSubscriptions,
  teams,
} from '../../../db/schema.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { PaymentEvent } from '../payment-events.ts';
import { isPlanChangeRefused } from '../plan-rules.ts';
import { type CardFields, checkCard, isCardExpired } from './card-check.ts';
import { addPeriod, type CardInfo, type OrderRow, type PaymentProvider } from './provider.ts';
import { setTeamCard } from './team-card.ts';

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
const token = (bytes = 18) => randomBytes(bytes).toString('base64url');

export type SandboxProvider = PaymentProvider & ReturnType<typeof sandboxPages>;

/**
 * Expires the team's open sessions (all, or all but `keep`) and cancels their unpaid orders, as a
 * provider's session expiring does: a paid order closes every other checkout the team left open.
 */
async function expireSessions(db: Db | Tx, teamId: number, keep?: string) {
  const expired = await db
    .update(sandboxSessions)
    .set({ status: 'expired', actionToken: null })
    .where(
      and(
        eq(sandboxSessions.teamId, teamId),
        inArray(sandboxSessions.status, ['open', 'requires_action']),
        keep ? ne(sandboxSessions.sessionId, keep) : undefined,
      ),
    )
    .returning({ orderNo: sandboxSessions.orderNo });
  if (expired.length === 0) return;
  await db
    .update(billingOrders)
    .set({ status: ORDER_STATUS.cancelled })
    .where(
      and(
        eq(billingOrders.teamId, teamId),
        eq(billingOrders.status, ORDER_STATUS.pending),
        inArray(
          billingOrders.orderNo,
          expired.map((row) => row.orderNo),
        ),
      ),
    );
}

/**
 * The embedded payment provider: our own hosted checkout page and card form with test cards, keeping
 * on its own side what a real provider keeps (sessions, cards, setup intents), and sending the same
 * events Stripe's webhooks would. Event ids are made from the session, so reconciliation and a
 * repeated charge send the same event, which is processed once.
 */
export function createSandboxProvider(
  db: Db,
  emit: (event: PaymentEvent) => Promise<unknown>,
): SandboxProvider {
  const listPriceOf = async (order: OrderRow) => {
    if (order.pricingPlanId === null) return order.amount;
    const [pricing] = await db
      .select({ price: billingPricingPlans.price })
      .from(billingPricingPlans)
      .where(eq(billingPricingPlans.planId, order.pricingPlanId));
    return pricing?.price ?? order.amount;
  };

  const paidEvent = async (
    order: OrderRow,
    sessionId: string,
    paidAt: Date,
    isRenewal: boolean,
  ): Promise<PaymentEvent> => ({
    id: `evt_sbx_${sessionId}_paid`,
    provider: 'sandbox',
    teamId: order.teamId,
    occurredAt: paidAt,
    type: 'order.paid',
    payload: {
      order_no: order.orderNo,
      ver_id: order.verId,
      pricing_plan_id: order.pricingPlanId,
      period_type: order.periodType,
      amount: order.amount,
      currency: order.currency,
      period_start: paidAt.toISOString(),
      period_end: addPeriod(paidAt, order.periodType).toISOString(),
      is_renewal: isRenewal,
      list_price: await listPriceOf(order),
      subscription_id: `sub_sbx_${order.teamId}`,
      customer_id: `cus_sbx_${order.teamId}`,
    },
  });

  const orderOf = async (orderNo: string) =>
    (await db.select().from(billingOrders).where(eq(billingOrders.orderNo, orderNo)))[0];

  const saveCard = async (teamId: number, card: ReturnType<typeof checkCard>): Promise<CardInfo> => {
    const paymentMethodId = `pm_sbx_${token(12)}`;
    const info = {
      paymentMethodId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
    await db.insert(sandboxCards).values({ teamId, ...info });
    return info;
  };

  /**
   * Takes the money for an open session (once: the conditional update), then sends the event. Under the
   * team's lock the plan rules are checked again (a checkout opened earlier may no longer be allowed),
   * and the team's other open sessions expire with their orders, so no older checkout can be paid after.
   */
  async function charge(sessionId: string, paymentMethodId: string, isRenewal = false) {
    const paidAt = new Date();
    const session = await db.transaction(async (tx) => {
      const [open] = await tx.select().from(sandboxSessions).where(eq(sandboxSessions.sessionId, sessionId));
      if (!open) throw new AppError('CHECKOUT_SESSION_CLOSED');
      await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, open.teamId)).for('update');
      const [order] = await tx.select().from(billingOrders).where(eq(billingOrders.orderNo, open.orderNo));
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      if (!isRenewal && (await isPlanChangeRefused(tx, order.teamId, order))) {
        throw new AppError('PLAN_NOT_PURCHASABLE');
      }
      const [paid] = await tx
        .update(sandboxSessions)
        .set({ status: 'paid', paidAt, paymentMethodId, actionToken: null })
        .where(
          and(
            eq(sandboxSessions.sessionId, sessionId),
            inArray(sandboxSessions.status, ['open', 'requires_action']),
          ),
        )
        .returning();
      if (!paid) throw new AppError('CHECKOUT_SESSION_CLOSED');
      await expireSessions(tx, paid.teamId, sessionId);
      return paid;
    });
    const order = await orderOf(session.orderNo);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const [card] = await db
      .select()
      .from(sandboxCards)
      .where(eq(sandboxCards.paymentMethodId, paymentMethodId));
    // A card paid with becomes the team's saved card, as Stripe Checkout saves it for the subscription.
    if (card) await setTeamCard(db, order.teamId, 'sandbox', card);
    await emit(await paidEvent(order, sessionId, paidAt, isRenewal));
    return order;
  }

  async function openSession(sessionId: string) {
    const [session] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.sessionId, sessionId));
    if (!session) throw new AppError('CHECKOUT_SESSION_CLOSED');
    return session;
  }

  const newSession = async (order: OrderRow) => {
    const sessionId = `cs_sbx_${token()}`;
    await db.insert(sandboxSessions).values({
      sessionId,
      teamId: order.teamId,
      orderNo: order.orderNo,
      status: 'open',
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
    });
    return { sessionId };
  };

  const savedCard = async (teamId: number) =>
    (
      await db
        .select()
        .from(teamPaymentMethods)
        .where(and(eq(teamPaymentMethods.teamId, teamId), eq(teamPaymentMethods.provider, 'sandbox')))
    )[0];

  /** Charges the team's saved card for an order without a checkout page (an upgrade, a renewal). */
  async function chargeSavedCard(order: OrderRow, isRenewal: boolean) {
    const { sessionId } = await newSession(order);
    await db.update(billingOrders).set({ sessionId }).where(eq(billingOrders.id, order.id));
    const card = await savedCard(order.teamId);
    if (!card || isCardExpired(card.expMonth, card.expYear)) {
      await db
        .update(sandboxSessions)
        .set({ status: 'expired' })
        .where(eq(sandboxSessions.sessionId, sessionId));
      await emit({
        id: `evt_sbx_${sessionId}_failed`,
        provider: 'sandbox',
        teamId: order.teamId,
        occurredAt: new Date(),
        type: 'order.failed',
        payload: { order_no: order.orderNo },
      });
      return false;
    }
    await charge(sessionId, card.paymentMethodId, isRenewal);
    return true;
  }

  const provider: PaymentProvider = {
    kind: 'sandbox',
    publishableKey: 'pk_sandbox',
    async createCheckout({ order, origin }) {
      const { sessionId } = await newSession(order);
      return { sessionId, url: `${origin}${SANDBOX_CHECKOUT_PATH}/${sessionId}` };
    },
    async reopenCheckout({ order, origin }) {
      if (!order.sessionId) return undefined;
      const [session] = await db
        .select()
        .from(sandboxSessions)
        .where(eq(sandboxSessions.sessionId, order.sessionId));
      const isOpen =
        session && ['open', 'requires_action'].includes(session.status) && session.expiresAt > new Date();
      return isOpen ? `${origin}${SANDBOX_CHECKOUT_PATH}/${session.sessionId}` : undefined;
    },
    async expireCheckout(order) {
      if (!order.sessionId) return;
      await db
        .update(sandboxSessions)
        .set({ status: 'expired', actionToken: null })
        .where(
          and(
            eq(sandboxSessions.sessionId, order.sessionId),
            inArray(sandboxSessions.status, ['open', 'requires_action']),
          ),
        );
    },
    async changeSubscription({ order }) {
      await chargeSavedCard(order, false);
    },
    async setAutoRenew({ subscription, autoRenew, reason, discountPercent }) {
      await emit({
        id: `evt_sbx_sub_${token()}`,
        provider: 'sandbox',
        teamId: subscription.teamId,
        occurredAt: new Date(),
        type: 'subscription.updated',
        payload: {
          cancel_at_period_end: !autoRenew,
          reason,
          ...(discountPercent === undefined ? {} : { discount_percent: discountPercent }),
        },
      });
    },
    async createSetupIntent({ teamId }) {
      const clientSecret = `seti_sbx_${token(12)}_secret_${token(12)}`;
      await db.insert(sandboxSetupIntents).values({ clientSecret, teamId });
      return clientSecret;
    },
    async attachPaymentMethod({ teamId, paymentMethodId }) {
      const [card] = await db
        .select()
        .from(sandboxCards)
        .where(and(eq(sandboxCards.paymentMethodId, paymentMethodId), eq(sandboxCards.teamId, teamId)));
      if (!card) throw new AppError('PAYMENT_METHOD_UPDATE_FAILED');
      return card;
    },
    async lookupOrder(order) {
      const [session] = await db
        .select()
        .from(sandboxSessions)
        .where(and(eq(sandboxSessions.orderNo, order.orderNo), eq(sandboxSessions.status, 'paid')));
      if (!session?.paidAt) return undefined;
      return paidEvent(order, session.sessionId, session.paidAt, order.orderNo.startsWith('RN'));
    },
    /** Renews the subscriptions due, with their saved card; without one they end. */
    async sweep() {
      await expireLapsedSessions(db);
      const due = await db
        .select()
        .from(teamSubscriptions)
        .where(
          and(
            eq(teamSubscriptions.provider, 'sandbox'),
            eq(teamSubscriptions.cancelAtPeriodEnd, false),
            lte(teamSubscriptions.endsAt, sql`now()`),
            isNull(teamSubscriptions.expirySettledAt),
          ),
        )
        .limit(50);
      for (const subscription of due) {
        if (!subscription.endsAt) continue;
        const discount = subscription.discountPercent;
        // One order per period end: of several nodes sweeping at once, one inserts it and charges.
        const [order] = await db
          .insert(billingOrders)
          .values({
            orderNo: `RN${subscription.teamId}T${subscription.endsAt.getTime()}`,
            teamId: subscription.teamId,
            verId: subscription.verId,
            pricingPlanId: subscription.pricingPlanId,
            periodType: subscription.periodType,
            amount: Math.round((subscription.nextAmount * (100 - discount)) / 100),
            currency: subscription.currency,
            status: ORDER_STATUS.pending,
            provider: 'sandbox',
          })
          .onConflictDoNothing()
          .returning();
        if (!order) continue;
        const isPaid = await chargeSavedCard(order, true);
        if (!isPaid) {
          await emit({
            id: `evt_sbx_${order.orderNo}_ended`,
            provider: 'sandbox',
            teamId: order.teamId,
            occurredAt: new Date(),
            type: 'subscription.ended',
            payload: { ended_at: subscription.endsAt.toISOString() },
          });
        }
      }
    },
  };
  return Object.assign(provider, sandboxPages({ db, openSession, orderOf, charge, saveCard }));
}

/** Sessions past their 24 hours expire, and their unpaid orders are cancelled with them. */
async function expireLapsedSessions(db: Db) {
  const lapsed = await db
    .update(sandboxSessions)
    .set({ status: 'expired', actionToken: null })
    .where(
      and(
        inArray(sandboxSessions.status, ['open', 'requires_action']),
        lte(sandboxSessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ orderNo: sandboxSessions.orderNo });
  if (lapsed.length === 0) return;
  await db
    .update(billingOrders)
    .set({ status: ORDER_STATUS.cancelled })
    .where(
      and(
        eq(billingOrders.status, ORDER_STATUS.pending),
        inArray(
          billingOrders.orderNo,
          lapsed.map((row) => row.orderNo),
        ),
      ),
    );
}

/** What the sandbox's own pages call: the checkout page and the card form. */
function sandboxPages(deps: {
  db: Db;
  openSession: (sessionId: string) => Promise<typeof sandboxSessions.$inferSelect>;
  orderOf: (orderNo: string) => Promise<OrderRow | undefined>;
  charge: (sessionId: string, paymentMethodId: string) => Promise<OrderRow>;
  saveCard: (teamId: number, card: ReturnType<typeof checkCard>) => Promise<CardInfo>;
}) {
  const { db, openSession, orderOf, charge, saveCard } = deps;
  const isOpen = (session: typeof sandboxSessions.$inferSelect) =>
    (session.status === 'open' || session.status === 'requires_action') && session.expiresAt > new Date();
  /** A checkout for a plan change the team may no longer make: closed before any card is taken. */
  async function refuseOutdated(session: typeof sandboxSessions.$inferSelect) {
    if (session.status === 'paid') throw new AppError('CHECKOUT_SESSION_CLOSED');
    const order = await orderOf(session.orderNo);
    if (!order || !(await isPlanChangeRefused(db, order.teamId, order))) return;
    await db.transaction(async (tx) => {
      await tx
        .update(sandboxSessions)
        .set({ status: 'expired', actionToken: null })
        .where(and(eq(sandboxSessions.sessionId, session.sessionId), ne(sandboxSessions.status, 'paid')));
      await tx
        .update(billingOrders)
        .set({ status: ORDER_STATUS.cancelled })
        .where(and(eq(billingOrders.id, order.id), eq(billingOrders.status, ORDER_STATUS.pending)));
    });
    throw new AppError('PLAN_NOT_PURCHASABLE');
  }
  return {
    async describeSession(sessionId: string) {
      const session = await openSession(sessionId);
      const order = await orderOf(session.orderNo);
      if (!order) throw new AppError('CHECKOUT_SESSION_CLOSED');
      const status: 'open' | 'paid' | 'expired' =
        session.status === 'paid' ? 'paid' : isOpen(session) ? 'open' : 'expired';
      return { session, order, status };
    },
    async pay(sessionId: string, fields: CardFields) {
      const session = await openSession(sessionId);
      await refuseOutdated(session);
      if (!isOpen(session)) throw new AppError('CHECKOUT_SESSION_CLOSED');
      const card = checkCard(fields);
      if (card.number === SANDBOX_CARDS.declined) throw new AppError('CARD_DECLINED');
      const saved = await saveCard(session.teamId, card);
      if (card.number === SANDBOX_CARDS.confirm) {
        const actionToken = token();
        await db
          .update(sandboxSessions)
          .set({ status: 'requires_action', actionToken, paymentMethodId: saved.paymentMethodId })
          .where(eq(sandboxSessions.sessionId, sessionId));
        return { status: 'requires_action' as const, order_no: session.orderNo, action_token: actionToken };
      }
      await charge(sessionId, saved.paymentMethodId);
      return { status: 'succeeded' as const, order_no: session.orderNo };
    },
    /** The confirmation step of the card that asks for one: approved, it pays; refused, the card is declined. */
    async confirmPayment(sessionId: string, actionToken: string, approve: boolean) {
      const session = await openSession(sessionId);
      if (
        session.status !== 'requires_action' ||
        session.actionToken !== actionToken ||
        !session.paymentMethodId
      ) {
        throw new AppError('CHECKOUT_SESSION_CLOSED');
      }
      await refuseOutdated(session);
      if (!approve) {
        await db
          .update(sandboxSessions)
          .set({ status: 'open', actionToken: null })
          .where(eq(sandboxSessions.sessionId, sessionId));
        throw new AppError('CARD_DECLINED');
      }
      await charge(sessionId, session.paymentMethodId);
      return { status: 'succeeded' as const, order_no: session.orderNo };
    },
    async confirmSetup(clientSecret: string, fields: CardFields, teamId: number) {
      const [intent] = await db
        .select()
        .from(sandboxSetupIntents)
        .where(
          and(
            eq(sandboxSetupIntents.clientSecret, clientSecret),
            eq(sandboxSetupIntents.teamId, teamId),
            isNull(sandboxSetupIntents.paymentMethodId),
          ),
        );
      if (!intent) throw new AppError('SETUP_INTENT_FAILED');
      const card = checkCard(fields);
      if (card.number === SANDBOX_CARDS.declined) throw new AppError('CARD_DECLINED');
      const saved = await saveCard(intent.teamId, card);
      await db
        .update(sandboxSetupIntents)
        .set({ paymentMethodId: saved.paymentMethodId })
        .where(eq(sandboxSetupIntents.clientSecret, clientSecret));
      return { payment_method_id: saved.paymentMethodId };
    },
  };
}
