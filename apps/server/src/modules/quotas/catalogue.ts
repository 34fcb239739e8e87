import { readFileSync } from 'node:fs';
import { CURRENCIES, type Currency, GIGABYTE, PERIOD_TYPES } from '@tandem/contract/billing';
import { LOCALES } from '@tandem/contract/i18n';
import { asc, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { ConfigError } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { billingPlans, billingPricingPlans } from '../../db/schema.ts';
import defaults from './default-plans.json' with { type: 'json' };

/**
 * The plan catalogue: the operator's file (BILLING_PLANS_FILE, same shape as `default-plans.json`)
 * or the defaults, written to the database at start so every node and query sees one catalogue.
 */

const money = z.record(z.enum(CURRENCIES), z.number().int().min(0));
const texts = z.object({
  name: z.string().min(1),
  desc: z.string(),
  equity_name: z.string(),
  benefits: z.array(z.string()),
});
const catalogueFile = z.object({
  /** The discount offered on a renewal for the next year (cancel dialog). */
  renewal_discount_percent: z.number().int().min(0).max(100).default(20),
  plans: z
    .array(
      z.object({
        ver_id: z.number().int().positive(),
        is_free: z.boolean().default(false),
        monthly_points: z.number().int().min(0),
        storage_gb: z.number().positive(),
        member_limit: z.number().int().positive(),
        texts: z.record(z.enum(LOCALES), texts),
        pricing_plans: z.array(
          z.object({
            plan_id: z.number().int().positive(),
            period_type: z.union([z.literal(PERIOD_TYPES.monthly), z.literal(PERIOD_TYPES.yearly)]),
            price: money,
            original_price: money,
            recommend: z.boolean().default(false),
            stripe_price_id: z.string().optional(),
          }),
        ),
      }),
    )
    .min(1)
    .refine((plans) => plans.filter((plan) => plan.is_free).length === 1, 'exactly one free plan'),
});
export type CatalogueFile = z.infer<typeof catalogueFile>;

export function readCatalogue(file: string | undefined): CatalogueFile {
  let raw: unknown = defaults;
  if (file) {
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw new ConfigError(`Invalid configuration:\n  BILLING_PLANS_FILE: cannot read ${file} as JSON`);
    }
  }
  const parsed = catalogueFile.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  BILLING_PLANS_FILE ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Writes the catalogue in the operator's currency; plans no longer listed leave (their subscriptions end as they are). */
export async function syncCatalogue(db: Db, catalogue: CatalogueFile, currency: Currency) {
  await db.transaction(async (tx) => {
    for (const [index, plan] of catalogue.plans.entries()) {
      const values = {
        sort: index,
        isFree: plan.is_free,
        monthlyPoints: plan.monthly_points,
        storageBytes: Math.round(plan.storage_gb * GIGABYTE),
        memberLimit: plan.member_limit,
        texts: plan.texts,
        updatedAt: new Date(),
      };
      await tx
        .insert(billingPlans)
        .values({ verId: plan.ver_id, ...values })
        .onConflictDoUpdate({ target: billingPlans.verId, set: values });
    }
    const prices = catalogue.plans.flatMap((plan) =>
      plan.pricing_plans.map((pricing) => {
        const price = pricing.price[currency] ?? 0;
        const original = Math.max(pricing.original_price[currency] ?? price, price);
        return {
          planId: pricing.plan_id,
          verId: plan.ver_id,
          periodType: pricing.period_type,
          price,
          originalPrice: original,
          discountPercent: original > 0 ? Math.round((1 - price / original) * 100) : 0,
          recommend: pricing.recommend,
          currency,
          stripePriceId: pricing.stripe_price_id ?? null,
        };
      }),
    );
    await tx.delete(billingPricingPlans).where(
      notInArray(
        billingPricingPlans.planId,
        prices.map((price) => price.planId),
      ),
    );
    for (const { planId, ...values } of prices) {
      await tx
        .insert(billingPricingPlans)
        .values({ planId, ...values })
        .onConflictDoUpdate({ target: billingPricingPlans.planId, set: values });
    }
    await tx.delete(billingPlans).where(
      notInArray(
        billingPlans.verId,
        catalogue.plans.map((plan) => plan.ver_id),
      ),
    );
  });
}

export type PlanRow = typeof billingPlans.$inferSelect;
export type PricingRow = typeof billingPricingPlans.$inferSelect;

export async function loadPlans(db: Db): Promise<{ plans: PlanRow[]; prices: PricingRow[] }> {
  const plans = await db.select().from(billingPlans).orderBy(asc(billingPlans.sort));
  const prices = await db.select().from(billingPricingPlans).orderBy(asc(billingPricingPlans.planId));
  return { plans, prices };
}
