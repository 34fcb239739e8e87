import type {
  CurrentPlanPackage,
  OrderInfo,
  PlanPackage,
  PricingPlan,
  Subscription,
} from '@tandem/contract/billing';

/** A pricing plan of a package, in fen. */
export function createPricing(plan_id: number, period_type: 1 | 2, price: number): PricingPlan {
  return {
    plan_id,
    period_type,
    price,
    original_price: price,
    discount_percent: 0,
    recommend: 0,
    is_select: 0,
    currency: 'CNY',
  };
}

/** A plan package as `all-ver-packet-data` answers it; ver_id 1 is the free plan. */
export function createPlanPackage(
  ver_id: number,
  ver_name: string,
  benefits: string[],
  prices: PricingPlan[],
): PlanPackage {
  return {
    ver_id,
    ver_name,
    desc: `${ver_name} plan`,
    is_free: ver_id === 1 ? 1 : 0,
    ver_is_default: ver_id === 1 ? 1 : 0,
    present_benefits: benefits,
    equity_name: '',
    numerical_auth: {
      points_quota: { points_quota_total_numerical: 1000, points_quota_surplus_numerical: 1000 },
      storage_quota: { storage_quota_total_numerical: 1024 ** 3, storage_quota_gb: 1 },
      member_quota: { member_limit: 20 },
    },
    pricing_plans: prices,
    is_current: 0,
    expire_time: null,
    member_limit: 20,
    member_count: 0,
    points_quota_surplus_numerical: 1000,
  };
}

/** The default catalogue: free (1), standard (3: 31 monthly, 32 yearly) and pro (4: 41, 42). */
export const createPlans = () => [
  createPlanPackage(1, 'Free', ['1,000 points a month'], []),
  createPlanPackage(
    3,
    'Standard',
    ['20,000 points a month'],
    [createPricing(31, 1, 9900), createPricing(32, 2, 95000)],
  ),
  createPlanPackage(
    4,
    'Pro',
    ['100,000 points a month'],
    [createPricing(41, 1, 29900), createPricing(42, 2, 287000)],
  ),
];

/** `curr-ver-packet-data` of a team on plan `verId`, 100 of its 1,000 points used. */
export function createCurrentPlan(verId: number, canManage: boolean): CurrentPlanPackage {
  const base = createPlans().find((plan) => plan.ver_id === verId);
  if (!base) throw new Error(`no plan ${verId} in the test catalogue`);
  return {
    ...base,
    is_current: 1,
    member_count: 2,
    storage_quota_used_numerical: 0,
    can_manage_billing: canManage,
    usage: {
      name: base.ver_name,
      points_quota_percentage: 10,
      points_quota_used_numerical: 100,
      points_quota_total_numerical: 1000,
      storage_quota_percentage: 0,
      storage_quota_used_numerical: 0,
      storage_quota_total_numerical: 1024 ** 3,
      storage_quota_surplus_numerical: 1024 ** 3,
    },
  };
}

/** `get-curr-subscription`: plan 0 is no paid subscription; a paid one renews yearly until 2027-11-25. */
export function createSubscription(
  planId: number,
  canManage: boolean,
  overrides: Partial<Subscription> = {},
): Subscription {
  const isPaid = planId > 0;
  return {
    plan_id: planId,
    ver_name: createPlans().find((plan) => plan.ver_id === planId)?.ver_name ?? '',
    pricing_plan_id: isPaid ? planId * 10 + 2 : null,
    period_type: 2,
    status: 0,
    auto_renew: isPaid ? 1 : 0,
    next_billing_date: isPaid ? '2027-11-25T00:00:00.000Z' : null,
    next_billing_amount: isPaid ? 95000 : 0,
    ends_at: isPaid ? '2027-11-25T00:00:00.000Z' : null,
    discount_percent: 20,
    active_discount_percent: 0,
    billing_name: '',
    currency: 'CNY',
    provider: 'sandbox',
    can_manage_billing: canManage,
    ...overrides,
  };
}

/** `get-order-info` of a pro yearly order, paid unless `order_status` says otherwise. */
export function createOrderInfo(overrides: Partial<OrderInfo> = {}): OrderInfo {
  return {
    id: 1,
    order_no: 'ORD1',
    order_status: 1,
    plan_name: 'Pro',
    ver_name: 'Pro',
    period_type: 2,
    date: '2026-11-25T00:00:00.000Z',
    amount: 287000,
    currency: 'CNY',
    has_invoice: 1,
    can_repay: 0,
    ver: { present_benefits: ['100,000 points a month', 'A dedicated account manager'] },
    ...overrides,
  };
}
