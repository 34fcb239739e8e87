import type { Currency, CurrentPlanPackage, PlanPackage, PricingPlan } from '@tandem/contract/billing';
import { GIGABYTE } from '@tandem/contract/billing';
import type { Locale } from '@tandem/contract/i18n';
import type { Db } from '../../db/client.ts';
import type { PlanTexts } from '../../db/schema.ts';
import { loadPlans, type PlanRow, type PricingRow } from './catalogue.ts';
import { teamQuotas } from './plan-quotas.ts';

/** The plan packages as the spec's calls answer them (`all-ver-packet-data`, `curr-ver-packet-data`). */

/**
 * Who may do what with the current team's subscription (docs/decisions.md, "Billing is the owner's"):
 * every member sees the plan and its usage; only the team's owner buys, cancels, restores, changes the
 * card and reads the bills. A platform admin is not the owner of other people's money.
 */
export type BillingAction = 'view' | 'manage';

export const mayBilling = (team: { userId: number; ownerId: number }, action: BillingAction) =>
  action === 'view' || team.ownerId === team.userId;

export const textsOf = (plan: Pick<PlanRow, 'texts'>, locale: Locale): PlanTexts =>
  plan.texts[locale] ??
  plan.texts['en-US'] ??
  Object.values(plan.texts)[0] ?? { name: '', desc: '', equity_name: '', benefits: [] };

const percent = (used: number, total: number) =>
  total > 0 ? Math.min(100, Math.round((used / total) * 1000) / 10) : 0;

function presentPricing(price: PricingRow, selected: number | null): PricingPlan {
  return {
    plan_id: price.planId,
    period_type: price.periodType === 1 ? 1 : 2,
    price: price.price,
    original_price: price.originalPrice,
    discount_percent: price.discountPercent,
    recommend: price.recommend ? 1 : 0,
    is_select: price.planId === selected ? 1 : 0,
    currency: price.currency as Currency,
  };
}

function presentPlan(
  plan: PlanRow,
  prices: PricingRow[],
  locale: Locale,
  current: { verId: number; pricingPlanId: number | null; endsAt: Date | null },
): PlanPackage {
  const texts = textsOf(plan, locale);
  return {
    ver_id: plan.verId,
    ver_name: texts.name,
    desc: texts.desc,
    is_free: plan.isFree ? 1 : 0,
    ver_is_default: plan.isFree ? 1 : 0,
    present_benefits: texts.benefits,
    equity_name: texts.equity_name,
    numerical_auth: {
      points_quota: {
        points_quota_total_numerical: plan.monthlyPoints,
        points_quota_surplus_numerical: plan.monthlyPoints,
      },
      storage_quota: {
        storage_quota_total_numerical: plan.storageBytes,
        storage_quota_gb: Math.round((plan.storageBytes / GIGABYTE) * 100) / 100,
      },
      member_quota: { member_limit: plan.memberLimit },
    },
    pricing_plans: prices
      .filter((price) => price.verId === plan.verId)
      .map((price) => presentPricing(price, plan.verId === current.verId ? current.pricingPlanId : null)),
    is_current: plan.verId === current.verId ? 1 : 0,
    expire_time: plan.verId === current.verId && current.endsAt ? current.endsAt.toISOString() : null,
    member_limit: plan.memberLimit,
    member_count: 0,
    points_quota_surplus_numerical: plan.monthlyPoints,
  };
}

export async function allPlanPackages(db: Db, teamId: number | undefined, locale: Locale) {
  const { plans, prices } = await loadPlans(db);
  const current = teamId ? await teamQuotas(db, teamId) : { verId: -1, pricingPlanId: null, endsAt: null };
  return plans.map((plan) => presentPlan(plan, prices, locale, current));
}

export async function currentPlanPackage(
  db: Db,
  input: {
    teamId: number;
    locale: Locale;
    memberCount: number;
    pointsLeft: number;
    storageUsed: number;
    canManageBilling: boolean;
  },
): Promise<CurrentPlanPackage> {
  const { plans, prices } = await loadPlans(db);
  const quotas = await teamQuotas(db, input.teamId);
  const plan: PlanRow = plans.find((each) => each.verId === quotas.verId) ?? {
    verId: quotas.verId,
    sort: 0,
    isFree: true,
    monthlyPoints: quotas.monthlyPoints,
    storageBytes: quotas.storageBytes,
    memberLimit: quotas.memberLimit,
    texts: {},
    updatedAt: new Date(),
  };
  const base = presentPlan(plan, prices, input.locale, quotas);
  const pointsTotal = Math.max(plan.monthlyPoints, input.pointsLeft);
  const pointsUsed = pointsTotal - input.pointsLeft;
  const usage = {
    name: base.ver_name,
    points_quota_percentage: percent(pointsUsed, pointsTotal),
    points_quota_used_numerical: pointsUsed,
    points_quota_total_numerical: pointsTotal,
    storage_quota_percentage: percent(input.storageUsed, plan.storageBytes),
    storage_quota_used_numerical: input.storageUsed,
    storage_quota_total_numerical: plan.storageBytes,
    storage_quota_surplus_numerical: Math.max(0, plan.storageBytes - input.storageUsed),
  };
  return {
    ...base,
    numerical_auth: {
      points_quota: {
        points_quota_total_numerical: pointsTotal,
        points_quota_used_numerical: pointsUsed,
        points_quota_surplus_numerical: input.pointsLeft,
        points_quota_percentage: usage.points_quota_percentage,
      },
      storage_quota: {
        ...base.numerical_auth.storage_quota,
        storage_quota_used_numerical: input.storageUsed,
        storage_quota_surplus_numerical: usage.storage_quota_surplus_numerical,
        storage_quota_percentage: usage.storage_quota_percentage,
      },
      member_quota: { member_limit: plan.memberLimit, member_count: input.memberCount },
    },
    member_count: input.memberCount,
    points_quota_surplus_numerical: input.pointsLeft,
    storage_quota_used_numerical: input.storageUsed,
    usage,
    can_manage_billing: input.canManageBilling,
  };
}

/** The team's plan as the account answers it (`current_team_ver`): its id and name in `locale`. */
export async function currentPlanName(db: Db, teamId: number, locale: Locale) {
  const { verId } = await teamQuotas(db, teamId);
  const { plans } = await loadPlans(db);
  const plan = plans.find((each) => each.verId === verId);
  return { ver_id: verId, ver_name: plan ? textsOf(plan, locale).name : '' };
}
