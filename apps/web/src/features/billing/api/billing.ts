import { TEAM_API } from '@tandem/contract/api';
import {
  BILLING_API,
  type CurrentPlanPackage,
  type OrderInfo,
  type OrderItem,
  type PaymentMethod,
  type PlanChangePreview,
  type PlanPackage,
  type Subscription,
} from '@tandem/contract/billing';
import type { Page } from '@tandem/contract/envelope';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';

/** Subscription, payment and bills: one function per call. */

export const BILLING_KEY = ['billing'] as const;

export const currentPlanQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'current-plan'],
  queryFn: () => http.get<CurrentPlanPackage>(TEAM_API.currentVersion),
});

export const allPlansQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'plans'],
  queryFn: () => http.get<PlanPackage[]>(TEAM_API.allVersions),
});

export const subscriptionQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'subscription'],
  queryFn: () => http.get<Subscription>(BILLING_API.currentSubscription),
});

export const paymentMethodQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'payment-method'],
  queryFn: () => http.get<PaymentMethod | null>(BILLING_API.defaultPaymentMethod),
});

export const ordersQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'orders', page, pageSize],
    queryFn: () =>
      http.post<Page<OrderItem>>(BILLING_API.orderList, { page, page_size: pageSize }, { silent: true }),
  });

export const createCheckoutSession = (planId: number, quoteAt?: number) =>
  http.post<{ order: { order_no: string }; checkout_url: string | null }>(BILLING_API.createCheckoutSession, {
    plan_id: planId,
    ...(quoteAt ? { quote_at: quoteAt } : {}),
  });

/** What an upgrade with the saved card will charge, for its confirmation. */
export const previewPlanChange = (planId: number) =>
  http.post<PlanChangePreview>(BILLING_API.previewPlanChange, { plan_id: planId });

/** The checkout page of an unpaid bill, to pay it again. */
export const repayOrder = (orderId: number) =>
  http.post<{ checkout_url: string }>(BILLING_API.repayOrder, { order_id: orderId });

export const cancelOrder = (orderId: number) =>
  http.post<null>(BILLING_API.cancelOrder, { order_id: orderId });

/** Polled while a payment is processing: silent, the page shows the outcome itself. */
export const orderInfo = (orderNo: string) =>
  http.post<OrderInfo>(BILLING_API.orderInfo, { order_no: orderNo }, { silent: true });

/** The name invoices are made out to; empty: the team owner's name. */
export const updateBillingName = (billingName: string) =>
  http.post<null>(BILLING_API.updateBillingName, { billing_name: billingName });

export const handleSubscription = (action: 'cancel' | 'renew', reason: string | number) =>
  http.post<null>(BILLING_API.handleSubscription, { action, reason });

export const paymentKey = () =>
  http.get<{ provider: 'sandbox' | 'stripe'; publishable_key: string }>(BILLING_API.stripeKey, {
    silent: true,
  });

export const createSetupIntent = () =>
  http.post<{ client_secret: string }>(BILLING_API.createSetupIntent, undefined, { silent: true });

export const updatePaymentMethod = (paymentMethodId: string) =>
  http.post<null>(BILLING_API.updatePaymentMethod, { payment_method_id: paymentMethodId }, { silent: true });

export const invoicePdf = (orderId: number) =>
  http.post<{ has_invoice: 0 | 1; invoice_pdf: string }>(BILLING_API.invoicePdf, {
    order_id: orderId,
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

export type CardInput = {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name: string;
};

export const sandboxSessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: [...BILLING_KEY, 'sandbox-session', sessionId],
    queryFn: () =>
      http.get<{
        session_id: string;
        order_no: string;
        plan_name: string;
        period_type: number;
        amount: number;
        currency: 'CNY' | 'USD' | 'JPY';
        status: 'open' | 'paid' | 'expired';
      }>(BILLING_API.sandboxSession, { params: { session_id: sessionId } }),
  });

type PayAnswer = { status: 'succeeded' | 'requires_action'; order_no: string; action_token?: string };

export const sandboxPay = (sessionId: string, card: CardInput) =>
  http.post<PayAnswer>(BILLING_API.sandboxPay, { session_id: sessionId, ...card }, { silent: true });

export const sandboxConfirmPayment = (sessionId: string, actionToken: string, approve: boolean) =>
  http.post<PayAnswer>(
    BILLING_API.sandboxConfirmPayment,
    { session_id: sessionId, action_token: actionToken, approve },
    { silent: true },
  );

export const sandboxConfirmSetup = (clientSecret: string, card: CardInput) =>
  http.post<{ payment_method_id: string }>(
    BILLING_API.sandboxConfirmSetup,
    { client_secret: clientSecret, ...card },
    { silent: true },
  );
