import { ORDER_STATUS } from '@tandem/contract/billing';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { billingOrders, billingPricingPlans, teamSubscriptions } from '../../../db/schema.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { OrderPaid, PaymentEvent } from '../payment-events.ts';
import type { CardInfo, OrderRow, PaymentProvider } from './provider.ts';
import { setTeamCard } from './team-card.ts';

type Settings = NonNullable<Config['billing']['stripe']>;
type Loose = Record<string, unknown>;

const idOf = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object'
      ? String((value as Loose).id ?? '')
      : '';
const at = (seconds: unknown) => new Date(Number(seconds) * 1000);
const hasDiscount = (subscription: Loose) =>
  (Array.isArray(subscription.discounts) && subscription.discounts.length > 0) ||
  Boolean(subscription.discount);

/** The subscription's metadata on an invoice (`parent.subscription_details` now, `subscription_details` before). */
function invoiceSubscription(invoice: Loose) {
  const details = ((invoice.parent as Loose | undefined)?.subscription_details ??
    invoice.subscription_details) as Loose | undefined;
  return {
    subscriptionId: idOf(details?.subscription ?? invoice.subscription),
    metadata: (details?.metadata ?? {}) as Record<string, string>,
  };
}

function invoiceLine(invoice: Loose) {
  const line = ((invoice.lines as Loose | undefined)?.data as Loose[] | undefined)?.at(-1) ?? {};
  const period = (line.period ?? {}) as { start?: number; end?: number };
  const priceId = idOf(
    ((line.pricing as Loose | undefined)?.price_details as Loose | undefined)?.price ?? line.price,
  );
  return { period, priceId };
}

/**
 * Stripe: Checkout for a first subscription, subscription changes for upgrades, Setup Intents for
 * the card, Stripe's invoices; its signed webhooks become the same payment events as the sandbox's.
 */
export function createStripeProvider(deps: {
  db: Db;
  settings: Settings;
  emit: (event: PaymentEvent) => Promise<unknown>;
  log: FastifyBaseLogger;
}) {
  const { db, settings, emit, log } = deps;
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  const pricingByPrice = async (priceId: string) =>
    (await db.select().from(billingPricingPlans).where(eq(billingPricingPlans.stripePriceId, priceId)))[0];

  /** `invoice.paid`: a first purchase or an upgrade (our order, from the subscription's metadata) or a renewal. */
  async function paidEvent(eventId: string, invoice: Loose): Promise<PaymentEvent | undefined> {
    const { subscriptionId, metadata } = invoiceSubscription(invoice);
    const teamId = Number(metadata.team_id);
    if (!teamId) return undefined;
    const { period, priceId } = invoiceLine(invoice);
    const pricing = await pricingByPrice(priceId);
    if (!pricing) {
      log.warn({ priceId, invoice: invoice.id }, 'a Stripe invoice for a price the catalogue does not name');
      return undefined;
    }
    const isRenewal = invoice.billing_reason === 'subscription_cycle' || !metadata.order_no;
    const paidAt = (invoice.status_transitions as Loose | undefined)?.paid_at ?? invoice.created;
    return {
      id: eventId,
      provider: 'stripe',
      teamId,
      occurredAt: at(paidAt),
      type: 'order.paid',
      payload: {
        order_no: isRenewal ? `inv_${String(invoice.id)}` : metadata.order_no!,
        ver_id: pricing.verId,
        pricing_plan_id: pricing.planId,
        period_type: pricing.periodType,
        amount: Number(invoice.amount_paid ?? 0),
        currency: String(invoice.currency ?? pricing.currency).toUpperCase(),
        period_start: at(period.start).toISOString(),
        period_end: at(period.end).toISOString(),
        is_renewal: isRenewal,
        list_price: pricing.price,
        subscription_id: subscriptionId || null,
        customer_id: idOf(invoice.customer) || null,
        invoice_id: String(invoice.id),
        invoice_url: typeof invoice.invoice_pdf === 'string' ? invoice.invoice_pdf : null,
      },
    };
  }

  /** The payment event a Stripe event stands for (none for the events billing does not use). */
  async function translate(event: Stripe.Event): Promise<PaymentEvent | undefined> {
    const object = event.data.object as unknown as Loose;
    const base = { id: event.id, provider: 'stripe' as const, occurredAt: at(event.created) };
    switch (event.type) {
      case 'invoice.paid':
        return paidEvent(event.id, object);
      case 'invoice.payment_failed': {
        const { metadata } = invoiceSubscription(object);
        if (!metadata.team_id || !metadata.order_no || object.billing_reason === 'subscription_cycle')
          return undefined;
        return {
          ...base,
          teamId: Number(metadata.team_id),
          type: 'order.failed',
          payload: { order_no: metadata.order_no },
        };
      }
      case 'checkout.session.expired': {
        const metadata = (object.metadata ?? {}) as Record<string, string>;
        if (!metadata.team_id || !metadata.order_no) return undefined;
        return {
          ...base,
          teamId: Number(metadata.team_id),
          type: 'order.failed',
          payload: { order_no: metadata.order_no },
        };
      }
      case 'customer.subscription.updated': {
        const metadata = (object.metadata ?? {}) as Record<string, string>;
        if (!metadata.team_id) return undefined;
        return {
          ...base,
          teamId: Number(metadata.team_id),
          type: 'subscription.updated',
          payload: {
            cancel_at_period_end: Boolean(object.cancel_at_period_end),
            reason: metadata.cancel_reason || null,
            // A once-only coupon leaves the subscription's discounts when a renewal used it.
            discount_percent:
              metadata.discount_percent && hasDiscount(object) ? Number(metadata.discount_percent) : 0,
            subscription_id: String(object.id),
          },
        };
      }
      case 'customer.subscription.deleted': {
        const metadata = (object.metadata ?? {}) as Record<string, string>;
        if (!metadata.team_id) return undefined;
        return {
          ...base,
          teamId: Number(metadata.team_id),
          type: 'subscription.ended',
          payload: {
            ended_at: at(object.ended_at ?? object.canceled_at ?? event.created).toISOString(),
            subscription_id: String(object.id),
          },
        };
      }
      default:
        return undefined;
    }
  }

  const cardOf = (method: Stripe.PaymentMethod): CardInfo => ({
    paymentMethodId: method.id,
    brand: method.card?.brand ?? 'card',
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
  });

  /** After a first payment: the card Checkout saved on the subscription becomes the team's card. */
  async function rememberCard(event: PaymentEvent) {
    if (event.type !== 'order.paid' || !event.payload.subscription_id) return;
    const subscription = await stripe.subscriptions.retrieve(event.payload.subscription_id, {
      expand: ['default_payment_method'],
    });
    const method = subscription.default_payment_method;
    if (method && typeof method === 'object') await setTeamCard(db, event.teamId, 'stripe', cardOf(method));
  }

  /**
   * After a payment: the team's other open Checkout sessions are expired at Stripe and their orders
   * cancelled, so a checkout opened earlier (another plan, another cycle) can no longer be paid.
   */
  async function expireOtherCheckouts(teamId: number, paidOrderNo: string) {
    const open = await db
      .select()
      .from(billingOrders)
      .where(
        and(
          eq(billingOrders.teamId, teamId),
          eq(billingOrders.status, ORDER_STATUS.pending),
          eq(billingOrders.provider, 'stripe'),
          ne(billingOrders.orderNo, paidOrderNo),
          isNotNull(billingOrders.sessionId),
        ),
      );
    for (const order of open) {
      try {
        await stripe.checkout.sessions.expire(
          order.sessionId!,
          {},
          { idempotencyKey: `expire-${order.orderNo}` },
        );
      } catch (error) {
        // Already expired or completed at Stripe: its own webhook settles the order.
        log.warn({ err: error, order: order.orderNo }, 'a Stripe Checkout session could not be expired');
        continue;
      }
      await emit({
        id: `expire_${order.sessionId}`,
        provider: 'stripe',
        teamId,
        occurredAt: new Date(),
        type: 'order.failed',
        payload: { order_no: order.orderNo },
      });
    }
  }

  /**
   * A purchase refused when its payment came in (a checkout opened before another was paid): Stripe
   * made a subscription of it and charged its first invoice, so the charge is refunded and that
   * subscription cancelled at once. The team keeps the subscription it had.
   */
  async function giveBack(paid: OrderPaid) {
    try {
      if (paid.invoice_id) {
        const invoice = await stripe.invoices.retrieve(paid.invoice_id, { expand: ['payments'] });
        const payment = invoice.payments?.data.find((each) => each.status === 'paid')?.payment;
        if (payment?.payment_intent) {
          await stripe.refunds.create(
            { payment_intent: idOf(payment.payment_intent), reason: 'duplicate' },
            { idempotencyKey: `refund-${paid.order_no}` },
          );
        }
      }
      if (paid.subscription_id) await stripe.subscriptions.cancel(paid.subscription_id);
      log.warn({ order: paid.order_no }, 'a Stripe payment for a plan change no longer allowed was refunded');
    } catch (error) {
      // The order is cancelled here whatever happens at Stripe; a refund that failed needs a person.
      log.error({ err: error, order: paid.order_no }, 'a refused Stripe payment could not be refunded');
    }
  }

  const provider: PaymentProvider = {
    kind: 'stripe',
    publishableKey: settings.publishableKey,
    async createCheckout({ order, origin, email, stripePriceId, customerId }) {
      if (!stripePriceId) throw new AppError('PAYMENT_CONFIG_FAILED');
      const metadata = { order_no: order.orderNo, team_id: String(order.teamId) };
      const back = `${origin}/user-center/user-set?section=subscription`;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: stripePriceId, quantity: 1 }],
          success_url: `${back}&order_no=${order.orderNo}`,
          cancel_url: back,
          client_reference_id: order.orderNo,
          ...(customerId ? { customer: customerId } : email ? { customer_email: email } : {}),
          metadata,
          subscription_data: { metadata },
        },
        { idempotencyKey: `checkout-${order.orderNo}` },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { sessionId: session.id, url: session.url };
    },
    async reopenCheckout({ order }) {
      if (!order.sessionId) return undefined;
      const session = await stripe.checkout.sessions.retrieve(order.sessionId);
      return session.status === 'open' && session.url ? session.url : undefined;
    },
    async expireCheckout(order) {
      if (!order.sessionId) return;
      const session = await stripe.checkout.sessions.retrieve(order.sessionId);
      if (session.status === 'open') await stripe.checkout.sessions.expire(order.sessionId);
    },
    async changeSubscription({ order, subscription, stripePriceId, prorationDate }) {
      if (!stripePriceId || !subscription.providerSubscriptionId) throw new AppError('PAYMENT_CONFIG_FAILED');
      const current = await stripe.subscriptions.retrieve(subscription.providerSubscriptionId);
      const item = current.items.data[0];
      if (!item) throw new AppError('PAYMENT_CONFIG_FAILED');
      await stripe.subscriptions.update(
        current.id,
        {
          items: [{ id: item.id, price: stripePriceId }],
          proration_behavior: 'always_invoice',
          // The new plan's period starts now, less the unused part of the old one: the confirmed quote.
          billing_cycle_anchor: { type: 'now' },
          proration_date: Math.floor(prorationDate.getTime() / 1000),
          cancel_at_period_end: false,
          // The retention discount was offered on the old plan: it does not follow the upgrade.
          discounts: '',
          metadata: { order_no: order.orderNo, team_id: String(order.teamId), discount_percent: '' },
        },
        { idempotencyKey: `change-${order.orderNo}` },
      );
    },
    async setAutoRenew({ subscription, autoRenew, reason, discountPercent }) {
      if (!subscription.providerSubscriptionId) throw new AppError('SUBSCRIPTION_CLOSE_FAILED');
      let discounts: { coupon: string }[] | undefined;
      if (discountPercent) {
        const coupon = await stripe.coupons.create(
          { percent_off: discountPercent, duration: 'once', name: `Renewal ${discountPercent}%` },
          { idempotencyKey: `renewal-coupon-${subscription.teamId}-${subscription.endsAt?.getTime()}` },
        );
        discounts = [{ coupon: coupon.id }];
      }
      const updated = await stripe.subscriptions.update(subscription.providerSubscriptionId, {
        cancel_at_period_end: !autoRenew,
        metadata: {
          team_id: String(subscription.teamId),
          cancel_reason: reason ?? '',
          ...(discountPercent ? { discount_percent: String(discountPercent) } : {}),
        },
        ...(discounts ? { discounts } : {}),
      });
      // The answer is the new state: applied now, as its webhook will be again (the same state).
      await emit({
        id: `sync_${updated.id}_${Date.now()}`,
        provider: 'stripe',
        teamId: subscription.teamId,
        occurredAt: new Date(),
        type: 'subscription.updated',
        payload: {
          cancel_at_period_end: updated.cancel_at_period_end,
          reason,
          ...(discountPercent ? { discount_percent: discountPercent } : {}),
        },
      });
    },
    async createSetupIntent({ teamId, customerId }) {
      const customer =
        customerId ?? (await stripe.customers.create({ metadata: { team_id: String(teamId) } })).id;
      const intent = await stripe.setupIntents.create({
        customer,
        usage: 'off_session',
      });
      if (!intent.client_secret) throw new Error('Stripe answered a setup intent without a client secret');
      return intent.client_secret;
    },
    async attachPaymentMethod({ teamId, paymentMethodId, customerId }) {
      if (!customerId) throw new AppError('PAYMENT_METHOD_UPDATE_FAILED');
      let method = await stripe.paymentMethods.retrieve(paymentMethodId);
      const owner = idOf(method.customer);
      if (owner && owner !== customerId) throw new AppError('PAYMENT_METHOD_UPDATE_FAILED');
      if (!owner) method = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: paymentMethodId },
      });
      const [row] = await db.select().from(teamSubscriptions).where(eq(teamSubscriptions.teamId, teamId));
      if (row?.providerSubscriptionId) {
        await stripe.subscriptions.update(row.providerSubscriptionId, {
          default_payment_method: paymentMethodId,
        });
      }
      return cardOf(method);
    },
    async lookupOrder(order: OrderRow) {
      if (!order.sessionId) return undefined;
      const session = await stripe.checkout.sessions.retrieve(order.sessionId);
      if (session.status !== 'complete' || session.payment_status !== 'paid' || !session.invoice)
        return undefined;
      const invoice = await stripe.invoices.retrieve(idOf(session.invoice));
      // The webhook's own event id is not known here: the order's paid change and the fold make a later
      // delivery of the same invoice change nothing.
      return paidEvent(`reconcile_${invoice.id}`, invoice as unknown as Loose);
    },
  };

  return Object.assign(provider, {
    /** A webhook delivery: verified against the signing secret, then processed once. */
    async receiveWebhook(rawBody: Buffer, signature: string | undefined) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      const payment = await translate(event);
      if (!payment) return 'ignored' as const;
      const outcome = await emit(payment);
      if (outcome === 'refused' && payment.type === 'order.paid') await giveBack(payment.payload);
      if (outcome === 'processed' && payment.type === 'order.paid') {
        await rememberCard(payment).catch((error: unknown) => {
          log.warn({ err: error }, 'the card of a Stripe subscription could not be read');
        });
        await expireOtherCheckouts(payment.teamId, payment.payload.order_no);
      }
      return outcome as 'processed' | 'duplicate' | 'refused';
    },
  });
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
