import { type Currency, PLAN_CHANGE_QUOTE_TTL_S, type PlanChangePreview } from '@tandem/contract/billing';
import type { Locale } from '@tandem/contract/i18n';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingOrders, billingPlans, billingPricingPlans, teamPaymentMethods } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { textsOf } from '../quotas/index.ts';
import { isPlanChangeRefused, liveSubscription } from './plan-rules.ts';
import { isCardExpired } from './providers/card-check.ts';
import { addPeriod, type SubscriptionRow } from './providers/provider.ts';

/**
 * Upgrading a running subscription: the new plan's period starts at the change, and the unused part of
 * the current period comes off its price (what was paid for the period, by the time left). Both
 * providers charge this way (Stripe: `billing_cycle_anchor: now` with the same proration date).
 */

/** The instant an upgrade is prorated at: the confirmed quote's, if recent, else now. */
export function quoteInstant(quoteAt: number | undefined, now = new Date()): Date {
  if (!quoteAt) return now;
  const age = now.getTime() / 1000 - quoteAt;
  return age >= 0 && age <= PLAN_CHANGE_QUOTE_TTL_S ? new Date(quoteAt * 1000) : now;
}

/** The credit for the unused part of the running period at `at`, in minor units. */
export async function unusedCredit(db: Db, live: SubscriptionRow & { endsAt: Date }, at: Date) {
  const [last] = await db
    .select()
    .from(billingOrders)
    .where(
      and(
        eq(billingOrders.teamId, live.teamId),
        eq(billingOrders.status, 1),
        isNotNull(billingOrders.periodEnd),
      ),
    )
    .orderBy(desc(billingOrders.periodEnd))
    .limit(1);
  const end = live.endsAt.getTime();
  const paid = last?.amount ?? live.nextAmount;
  const periodBefore = new Date(live.endsAt);
  if (live.periodType === 2) periodBefore.setUTCFullYear(periodBefore.getUTCFullYear() - 1);
  else periodBefore.setUTCMonth(periodBefore.getUTCMonth() - 1);
  const start =
    last?.periodStart && last.periodEnd?.getTime() === end
      ? last.periodStart.getTime()
      : periodBefore.getTime();
  const left = end - at.getTime();
  if (left <= 0 || end <= start) return 0;
  return Math.min(paid, Math.floor((paid * left) / (end - start)));
}

/** A plan price (`plan_id`) with its plan; a missing or unknown id is PLAN_ID_MISSING. */
export async function pricedPlan(db: Db, planId: number | undefined) {
  if (!planId) throw new AppError('PLAN_ID_MISSING');
  const [found] = await db
    .select({ pricing: billingPricingPlans, plan: billingPlans })
    .from(billingPricingPlans)
    .innerJoin(billingPlans, eq(billingPlans.verId, billingPricingPlans.verId))
    .where(eq(billingPricingPlans.planId, planId));
  if (!found) throw new AppError('PLAN_ID_MISSING');
  return found;
}

export async function previewPlanChange(
  db: Db,
  input: { teamId: number; planId: number | undefined; locale: Locale; at?: Date },
): Promise<PlanChangePreview> {
  const { pricing, plan } = await pricedPlan(db, input.planId);
  const target = { verId: plan.verId, periodType: pricing.periodType };
  if (plan.isFree || (await isPlanChangeRefused(db, input.teamId, target))) {
    throw new AppError('PLAN_NOT_PURCHASABLE');
  }
  // Whole seconds: the purchase prorates at `quote_at`, and must come to the same figure.
  const at = new Date(Math.floor((input.at ?? new Date()).getTime() / 1000) * 1000);
  const live = await liveSubscription(db, input.teamId);
  const credit = live ? await unusedCredit(db, live, at) : 0;
  const [card] = await db
    .select()
    .from(teamPaymentMethods)
    .where(eq(teamPaymentMethods.teamId, input.teamId));
  return {
    plan_id: pricing.planId,
    ver_name: textsOf(plan, input.locale).name,
    period_type: pricing.periodType,
    price: pricing.price,
    credit,
    amount_due: Math.max(0, pricing.price - credit),
    currency: pricing.currency as Currency,
    quote_at: Math.floor(at.getTime() / 1000),
    period_end: addPeriod(at, pricing.periodType).toISOString(),
    card: card
      ? {
          card_brand: card.brand,
          card_last4: card.last4,
          status: isCardExpired(card.expMonth, card.expYear) ? 1 : 0,
        }
      : null,
  };
}
