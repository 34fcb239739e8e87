import { randomInt } from 'node:crypto';
import {
  CANCEL_REASON_TEXT_MAX,
  CANCEL_REASONS,
  type Currency,
  ORDER_STATUS,
  type PaymentMethod,
  PERIOD_TYPES,
  SUBSCRIPTION_STATUS,
  type Subscription,
} from '@tandem/contract/billing';
import type { Locale } from '@tandem/contract/i18n';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { billingOrders, billingPlans, teamPaymentMethods, teamSubscriptions } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { textsOf } from '../quotas/index.ts';
import { pricedPlan, quoteInstant, unusedCredit } from './plan-change-quote.ts';
import { isLive, isPlanChangeRefused } from './plan-rules.ts';
import { isCardExpired } from './providers/card-check.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { setTeamCard } from './providers/team-card.ts';

/** Buying, cancelling and restoring a subscription, and the saved card. */

export async function subscriptionRow(db: Db, teamId: number) {
  return (await db.select().from(teamSubscriptions).where(eq(teamSubscriptions.teamId, teamId)))[0];
}

/** `20261125143005` + six random digits: sortable, unguessable enough to poll, short enough to read out. */
const newOrderNo = () =>
  `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

export async function createCheckoutSession(
  db: Db,
  provider: PaymentProvider,
  input: {
    teamId: number;
    userId: number;
    email: string | null;
    planId: number | undefined;
    origin: string;
    /** The confirmed preview's instant (unix seconds): an upgrade is prorated at it. */
    quoteAt?: number | undefined;
  },
  log: FastifyBaseLogger,
) {
  const { pricing, plan } = await pricedPlan(db, input.planId);
  if (plan.isFree) throw new AppError('PLAN_NOT_PURCHASABLE');
  const current = await subscriptionRow(db, input.teamId);
  const live = isLive(current) ? current : undefined;
  if (await isPlanChangeRefused(db, input.teamId, { verId: plan.verId, periodType: pricing.periodType })) {
    throw new AppError('PLAN_NOT_PURCHASABLE');
  }
  const isChange = live?.provider === provider.kind;
  // An upgrade charges the new price less the unused part of the period, as its confirmation showed.
  const prorationDate = quoteInstant(input.quoteAt);
  const credit = live && isChange ? await unusedCredit(db, live, prorationDate) : 0;
  const [order] = await db
    .insert(billingOrders)
    .values({
      orderNo: newOrderNo(),
      teamId: input.teamId,
      userId: input.userId,
      verId: plan.verId,
      pricingPlanId: pricing.planId,
      periodType: pricing.periodType,
      amount: Math.max(0, pricing.price - credit),
      currency: pricing.currency,
      status: ORDER_STATUS.pending,
      provider: provider.kind,
    })
    .returning();
  if (!order) throw new AppError('PAYMENT_SESSION_FAILED');
  try {
    if (live && isChange) {
      await provider.changeSubscription({
        order,
        subscription: live,
        stripePriceId: pricing.stripePriceId,
        prorationDate,
      });
      return { order: { order_no: order.orderNo }, checkout_url: null };
    }
    const session = await provider.createCheckout({
      order,
      origin: input.origin,
      email: input.email,
      stripePriceId: pricing.stripePriceId,
      customerId: current?.providerCustomerId ?? null,
    });
    await db
      .update(billingOrders)
      .set({ sessionId: session.sessionId })
      .where(eq(billingOrders.id, order.id));
    return { order: { order_no: order.orderNo }, checkout_url: session.url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error({ err: error }, 'the payment provider could not open a checkout');
    await db
      .update(billingOrders)
      .set({ status: ORDER_STATUS.cancelled })
      .where(eq(billingOrders.id, order.id));
    throw new AppError('PAYMENT_SESSION_FAILED');
  }
}

/** A cancellation's reason: `price`, `features`, `alternative`, or `other: free text`. */
export function parseCancelReason(reason: string | number | undefined): string {
  const text = typeof reason === 'string' ? reason.trim() : '';
  const [kind = '', ...rest] = text.split(':');
  if (!(CANCEL_REASONS as readonly string[]).includes(kind.trim()))
    throw new AppError('CANCEL_REASON_INVALID');
  const detail = rest.join(':').trim();
  if (kind.trim() === 'other' && (!detail || detail.length > CANCEL_REASON_TEXT_MAX)) {
    throw new AppError('CANCEL_REASON_INVALID');
  }
  return kind.trim() === 'other' ? `other: ${detail}` : kind.trim();
}

export async function handleSubscription(
  db: Db,
  provider: PaymentProvider,
  input: {
    teamId: number;
    action: 'cancel' | 'renew';
    reason?: string | number | undefined;
    renewalDiscount: number;
  },
  log: FastifyBaseLogger,
) {
  const current = await subscriptionRow(db, input.teamId);
  if (!isLive(current) || current.provider !== provider.kind) throw new AppError('SUBSCRIPTION_CLOSE_FAILED');
  const reason = input.action === 'cancel' ? parseCancelReason(input.reason) : null;
  // Taking the cancel dialog's offer keeps the renewal on at the offered discount.
  const discountPercent =
    input.action === 'renew' && input.reason === 'discount' && current.discountPercent === 0
      ? input.renewalDiscount
      : undefined;
  try {
    await provider.setAutoRenew({
      subscription: current,
      autoRenew: input.action === 'renew',
      reason,
      discountPercent,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error({ err: error }, 'the payment provider could not change the subscription');
    throw new AppError(input.action === 'cancel' ? 'SUBSCRIPTION_CLOSE_FAILED' : 'OPERATION_FAILED');
  }
}

export async function presentSubscription(
  db: Db,
  input: {
    teamId: number;
    locale: Locale;
    provider: 'sandbox' | 'stripe';
    currency: Currency;
    canManageBilling: boolean;
    renewalDiscount: number;
    billingName: string;
  },
): Promise<Subscription> {
  const row = await subscriptionRow(db, input.teamId);
  // The offer is not made again while a taken one waits for its renewal.
  const activeDiscount = isLive(row) ? row.discountPercent : 0;
  const base = {
    provider: input.provider,
    can_manage_billing: input.canManageBilling,
    currency: input.currency,
    discount_percent: activeDiscount > 0 ? 0 : input.renewalDiscount,
    active_discount_percent: activeDiscount,
    billing_name: input.billingName,
  };
  if (!isLive(row)) {
    return {
      ...base,
      plan_id: 0,
      ver_name: '',
      pricing_plan_id: null,
      period_type: PERIOD_TYPES.yearly,
      status: row ? SUBSCRIPTION_STATUS.expired : SUBSCRIPTION_STATUS.active,
      auto_renew: 0,
      next_billing_date: null,
      next_billing_amount: 0,
      ends_at: row?.endsAt?.toISOString() ?? null,
    };
  }
  const [plan] = await db.select().from(billingPlans).where(eq(billingPlans.verId, row.verId));
  const isRenewing = !row.cancelAtPeriodEnd;
  return {
    ...base,
    currency: row.currency as Currency,
    plan_id: row.verId,
    ver_name: plan ? textsOf(plan, input.locale).name : '',
    pricing_plan_id: row.pricingPlanId,
    period_type: row.periodType,
    status: isRenewing ? SUBSCRIPTION_STATUS.active : SUBSCRIPTION_STATUS.expiring,
    auto_renew: isRenewing ? 1 : 0,
    next_billing_date: isRenewing ? row.endsAt.toISOString() : null,
    next_billing_amount: isRenewing ? Math.round((row.nextAmount * (100 - row.discountPercent)) / 100) : 0,
    ends_at: row.endsAt.toISOString(),
  };
}

export async function defaultPaymentMethod(db: Db, teamId: number): Promise<PaymentMethod | null> {
  const [card] = await db.select().from(teamPaymentMethods).where(eq(teamPaymentMethods.teamId, teamId));
  if (!card) return null;
  return {
    card_brand: card.brand,
    card_last4: card.last4,
    card_exp_month: card.expMonth,
    card_exp_year: card.expYear,
    status: isCardExpired(card.expMonth, card.expYear) ? 1 : 0,
  };
}

export async function updatePaymentMethod(
  db: Db,
  provider: PaymentProvider,
  input: { teamId: number; paymentMethodId: string },
  log: FastifyBaseLogger,
) {
  const current = await subscriptionRow(db, input.teamId);
  try {
    const card = await provider.attachPaymentMethod({
      teamId: input.teamId,
      paymentMethodId: input.paymentMethodId,
      customerId: current?.providerCustomerId ?? null,
    });
    await setTeamCard(db, input.teamId, provider.kind, card);
  } catch (error) {
    if (!(error instanceof AppError))
      log.error({ err: error }, 'the payment provider could not save the card');
    throw new AppError('PAYMENT_METHOD_UPDATE_FAILED');
  }
}
