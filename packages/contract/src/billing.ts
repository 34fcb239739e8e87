import { z } from 'zod';
import { entityId } from './ids.ts';

/** Subscription, plans, payment and bills. */

export const BILLING_API = {
  createCheckoutSession: '/api/user/create-checkout-session',
  previewPlanChange: '/api/user/preview-plan-change',
  handleSubscription: '/api/user/handle-subscription',
  currentSubscription: '/api/user/get-curr-subscription',
  defaultPaymentMethod: '/api/user/get-default-payment-method',
  stripeKey: '/api/user/get-stripe-key',
  updateBillingName: '/api/user/update-billing-name',
  createSetupIntent: '/api/user/create-setup-intent',
  updatePaymentMethod: '/api/user/update-payment-method',
  orderList: '/api/order/get-order-list',
  orderInfo: '/api/order/get-order-info',
  invoicePdf: '/api/order/down-invoice-pdf',
  repayOrder: '/api/order/repay-order',
  cancelOrder: '/api/order/cancel-order',
  sandboxSession: '/api/payment/sandbox/session',
  sandboxPay: '/api/payment/sandbox/pay',
  sandboxConfirmPayment: '/api/payment/sandbox/confirm-payment',
  sandboxConfirmSetup: '/api/payment/sandbox/confirm-setup',
  stripeWebhook: '/api/payment/stripe/webhook',
} as const;

/** The sandbox's hosted checkout page; the last segment is the session id. */
export const SANDBOX_CHECKOUT_PATH = '/pay/sandbox';

/** Plan ids: 1 free, 3 standard, 4 pro. */
export const PLAN_IDS = { free: 1, standard: 3, pro: 4 } as const;
/** Upgrade buttons show below this plan. */
export const TOP_PLAN_ID = 4;
/** On these current plans yearly is forced and the cycle switch is disabled. */
export const YEARLY_ONLY_PLAN_IDS: readonly number[] = [2, 3];

export const PERIOD_TYPES = { monthly: 1, yearly: 2 } as const;
export type PeriodType = (typeof PERIOD_TYPES)[keyof typeof PERIOD_TYPES];
export const DEFAULT_PERIOD_TYPE: PeriodType = PERIOD_TYPES.yearly;

/** `order_status`: 1 paid, 2 cancelled, anything else unpaid. */
export const ORDER_STATUS = { pending: 0, paid: 1, cancelled: 2 } as const;
/** Subscription `status`: 0 auto-renewal on (valid), 1 off but valid until `ends_at` (expiring), 2 expired. */
export const SUBSCRIPTION_STATUS = { active: 0, expiring: 1, expired: 2 } as const;

export const ORDER_POLL_INTERVAL_MS = 1000;
export const ORDER_POLL_MAX = 10;
export const SUCCESS_RELOAD_MS = 5000;
export const BILL_PAGE_SIZES = [5, 10] as const;
export const BILL_DEFAULT_PAGE_SIZE = 10;

export const CURRENCIES = ['CNY', 'USD', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Digits after the point: prices travel in minor units (fen, cents; the yen has none). */
export const CURRENCY_EXPONENT: Record<Currency, number> = { CNY: 2, USD: 2, JPY: 0 };

export const CANCEL_REASONS = ['price', 'features', 'alternative', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_REASON_TEXT_MAX = 500;

export const GIGABYTE = 1024 ** 3;

/** The sandbox's test cards (its checkout page lists them). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  confirm: '4000002500003155',
} as const;

const flag = z.union([z.literal(0), z.literal(1)]);
const int = z.number().int();

export const pricingPlan = z.object({
  plan_id: int,
  period_type: z.union([z.literal(1), z.literal(2)]),
  /** Minor units of `currency`. */
  price: int,
  original_price: int,
  discount_percent: int,
  recommend: flag,
  is_select: flag,
  currency: z.enum(CURRENCIES),
});
export type PricingPlan = z.infer<typeof pricingPlan>;

/** A plan's quotas; the current plan's also carry what the team uses. */
export const numericalAuth = z.object({
  points_quota: z.object({
    points_quota_total_numerical: int,
    points_quota_used_numerical: int.optional(),
    points_quota_surplus_numerical: int,
    points_quota_percentage: z.number().optional(),
  }),
  storage_quota: z.object({
    /** Bytes. */
    storage_quota_total_numerical: int,
    storage_quota_gb: z.number(),
    storage_quota_used_numerical: int.optional(),
    storage_quota_surplus_numerical: int.optional(),
    storage_quota_percentage: z.number().optional(),
  }),
  member_quota: z.object({ member_limit: int, member_count: int.optional() }),
});

export const planPackage = z.object({
  ver_id: int,
  ver_name: z.string(),
  desc: z.string(),
  is_free: flag,
  /** 1 for the free plan. */
  ver_is_default: flag,
  present_benefits: z.array(z.string()),
  equity_name: z.string(),
  numerical_auth: numericalAuth,
  pricing_plans: z.array(pricingPlan),
  /** The team's plan is this one. */
  is_current: flag,
  // The team screens' fields, kept beside the spec's.
  expire_time: z.string().nullable(),
  member_limit: int,
  member_count: int,
  points_quota_surplus_numerical: int,
});
export type PlanPackage = z.infer<typeof planPackage>;

/** Usage bars: percentages, used and totals (storage in bytes). */
export const usageItem = z.object({
  name: z.string(),
  points_quota_percentage: z.number(),
  points_quota_used_numerical: int,
  points_quota_total_numerical: int,
  storage_quota_percentage: z.number(),
  storage_quota_used_numerical: int,
  storage_quota_total_numerical: int,
  storage_quota_surplus_numerical: int,
});
export type UsageItem = z.infer<typeof usageItem>;

export const currentPlanPackage = planPackage.extend({
  storage_quota_used_numerical: int,
  usage: usageItem,
  /** The caller may buy, cancel and change the card (the team's owner). */
  can_manage_billing: z.boolean(),
});
export type CurrentPlanPackage = z.infer<typeof currentPlanPackage>;

export const checkoutBody = z.object({ plan_id: entityId.optional() });
/** `quote_at` (unix seconds) is when the confirmed preview was made: the charge is prorated at that instant. */
export const checkoutWithQuoteBody = checkoutBody.extend({
  quote_at: z.coerce.number().int().positive().optional(),
});
/**
 * What upgrading a running subscription will charge to the saved card, for the confirmation: the new
 * plan's price less the credit for the unused part of the current period; the new period starts then.
 */
export const planChangePreview = z.object({
  plan_id: int,
  ver_name: z.string(),
  period_type: int,
  price: int,
  credit: int,
  amount_due: int,
  currency: z.enum(CURRENCIES),
  quote_at: int,
  period_end: z.string(),
  card: z.object({ card_brand: z.string(), card_last4: z.string(), status: int }).nullable(),
});
export type PlanChangePreview = z.infer<typeof planChangePreview>;
/** A quote older than this is made again at purchase time. */
export const PLAN_CHANGE_QUOTE_TTL_S = 15 * 60;
export const checkoutData = z.object({
  order: z.object({ order_no: z.string() }),
  /** The hosted checkout page; null when the existing subscription was changed and the order is to be polled. */
  checkout_url: z.string().nullable(),
});

export const handleSubscriptionBody = z.object({
  action: z.enum(['cancel', 'renew']),
  /** A cancel's reason (`price`, `features`, `alternative`, `other: text`); renew sends 1. */
  reason: z.union([z.string().max(CANCEL_REASON_TEXT_MAX + 20), z.number()]).optional(),
});

export const subscription = z.object({
  /** The subscribed plan's ver_id; 0 without a paid subscription. */
  plan_id: int,
  ver_name: z.string(),
  pricing_plan_id: int.nullable(),
  period_type: int,
  status: int,
  auto_renew: flag,
  next_billing_date: z.string().nullable(),
  next_billing_amount: int,
  ends_at: z.string().nullable(),
  /** The cancel dialog's renewal offer; 0 while a taken one is still to be used. */
  discount_percent: int,
  /** The taken offer that the next renewal will use (0: none). */
  active_discount_percent: int,
  /** The name invoices are made out to; empty: the owner's name. */
  billing_name: z.string(),
  currency: z.enum(CURRENCIES),
  provider: z.enum(['sandbox', 'stripe']),
  can_manage_billing: z.boolean(),
});
export type Subscription = z.infer<typeof subscription>;

export const BILLING_NAME_MAX = 200;
export const billingNameBody = z.object({ billing_name: z.string().max(BILLING_NAME_MAX) });

export const paymentMethod = z.object({
  card_brand: z.string(),
  card_last4: z.string(),
  card_exp_month: int,
  card_exp_year: int,
  /** Non-zero: expired. */
  status: int,
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const stripeKeyData = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  publishable_key: z.string(),
});
export const setupIntentData = z.object({ client_secret: z.string() });
export const updatePaymentMethodBody = z.object({ payment_method_id: z.string().min(1).max(200) });

export const orderListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(BILL_DEFAULT_PAGE_SIZE),
});
export const orderItem = z.object({
  id: int,
  order_no: z.string(),
  order_status: int,
  plan_name: z.string(),
  ver_name: z.string(),
  period_type: int,
  date: z.string(),
  amount: int,
  currency: z.enum(CURRENCIES),
  has_invoice: flag,
  /** 1 for an unpaid bill of a checkout still open: it can be paid again (`repay-order`) or cancelled. */
  can_repay: flag,
});
export type OrderItem = z.infer<typeof orderItem>;
export const orderIdBody = z.object({ order_id: entityId });
export const repayData = z.object({ checkout_url: z.string() });

export const orderInfoBody = z.object({ order_no: z.string().min(1).max(64) });
export const orderInfo = orderItem.extend({ ver: z.object({ present_benefits: z.array(z.string()) }) });
export type OrderInfo = z.infer<typeof orderInfo>;

export const invoiceBody = z.object({ order_id: entityId });
export const invoiceData = z.object({ has_invoice: flag, invoice_pdf: z.string() });

const cardFields = {
  card_number: z.string().max(40),
  exp_month: z.coerce.number().int(),
  exp_year: z.coerce.number().int(),
  cvc: z.string().max(8),
  name: z.string().max(200),
};
export const sandboxSessionQuery = z.object({ session_id: z.string().min(1).max(100) });
export const sandboxSession = z.object({
  session_id: z.string(),
  order_no: z.string(),
  plan_name: z.string(),
  period_type: int,
  amount: int,
  currency: z.enum(CURRENCIES),
  status: z.enum(['open', 'paid', 'expired']),
});
export const sandboxPayBody = z.object({ session_id: z.string().min(1).max(100), ...cardFields });
export const sandboxPayData = z.object({
  status: z.enum(['succeeded', 'requires_action']),
  order_no: z.string(),
  action_token: z.string().optional(),
});
export const sandboxConfirmPaymentBody = z.object({
  session_id: z.string().min(1).max(100),
  action_token: z.string().min(1).max(100),
  approve: z.boolean(),
});
export const sandboxConfirmSetupBody = z.object({ client_secret: z.string().min(1).max(200), ...cardFields });
export const sandboxConfirmSetupData = z.object({ payment_method_id: z.string() });

/** A card number with spaces removed passes the Luhn check. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Formats minor units for display in the reader's language. */
export function formatMoney(minor: number, currency: Currency, locale: string): string {
  const exponent = CURRENCY_EXPONENT[currency];
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    // ¥ and $ as the spec shows them, not CN¥ or US$.
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(minor / 10 ** exponent);
}
