import Stripe from 'stripe';

/** Stripe events as its webhooks send them, signed with the test secret. */
export const WEBHOOK_SECRET = 'whsec_test_billing';
const sdk = new Stripe('sk_test_x');

export const signature = (payload: string, timestamp?: number) =>
  sdk.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    ...(timestamp ? { timestamp } : {}),
  });

const DAY = 24 * 3600;

export function invoicePaid(input: {
  eventId: string;
  teamId: number;
  invoiceId: string;
  priceId: string;
  created: number;
  orderNo?: string;
  reason?: 'subscription_create' | 'subscription_update' | 'subscription_cycle';
  periodDays?: number;
  amount?: number;
  subscriptionId?: string;
}) {
  const start = input.created;
  return {
    id: input.eventId,
    object: 'event',
    type: 'invoice.paid',
    created: input.created,
    data: {
      object: {
        id: input.invoiceId,
        object: 'invoice',
        billing_reason: input.reason ?? 'subscription_create',
        amount_paid: input.amount ?? 95000,
        currency: 'cny',
        created: input.created,
        invoice_pdf: `https://pay.stripe.test/invoice/${input.invoiceId}/pdf`,
        status_transitions: { paid_at: input.created },
        customer: `cus_team_${input.teamId}`,
        parent: {
          subscription_details: {
            subscription: input.subscriptionId ?? `sub_team_${input.teamId}`,
            metadata: {
              team_id: String(input.teamId),
              ...(input.orderNo ? { order_no: input.orderNo } : {}),
            },
          },
        },
        lines: {
          data: [
            {
              period: { start, end: start + (input.periodDays ?? 365) * DAY },
              pricing: { price_details: { price: input.priceId } },
            },
          ],
        },
      },
    },
  };
}

export function subscriptionEvent(input: {
  eventId: string;
  teamId: number;
  created: number;
  type: 'customer.subscription.updated' | 'customer.subscription.deleted';
  cancelAtPeriodEnd?: boolean;
  reason?: string;
  endedAt?: number;
}) {
  return {
    id: input.eventId,
    object: 'event',
    type: input.type,
    created: input.created,
    data: {
      object: {
        id: `sub_team_${input.teamId}`,
        object: 'subscription',
        cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        ended_at: input.endedAt ?? null,
        metadata: { team_id: String(input.teamId), cancel_reason: input.reason ?? '' },
      },
    },
  };
}
