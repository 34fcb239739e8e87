import {
  BILLING_API,
  billingNameBody,
  checkoutData,
  checkoutWithQuoteBody,
  handleSubscriptionBody,
  invoiceBody,
  invoiceData,
  orderIdBody,
  orderInfoBody,
  orderInfo as orderInfoSchema,
  orderItem,
  orderListBody,
  paymentMethod,
  planChangePreview,
  repayData,
  sandboxConfirmPaymentBody,
  sandboxConfirmSetupBody,
  sandboxConfirmSetupData,
  sandboxPayBody,
  sandboxPayData,
  sandboxSession,
  sandboxSessionQuery,
  setupIntentData,
  stripeKeyData,
  subscription,
  updatePaymentMethodBody,
} from '@tandem/contract/billing';
import { envelope, pageOf } from '@tandem/contract/envelope';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { billingPlans, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { perMinute } from '../../platform/http/rate-limit.ts';
import { requestLocale } from '../../platform/http/request-locale.ts';
import { mayBilling, textsOf } from '../quotas/index.ts';
import { teamOf } from '../team/index.ts';
import { cancelOrder, repayOrder } from './bill-actions.ts';
import type { Billing } from './billing.ts';
import { billedTo, billingNameOf, setBillingName } from './billing-profile.ts';
import { invoiceOf, listOrders, orderInfo } from './orders.ts';
import { previewPlanChange } from './plan-change-quote.ts';
import { requireBilling } from './policy.ts';
import {
  createCheckoutSession,
  defaultPaymentMethod,
  handleSubscription,
  presentSubscription,
  subscriptionRow,
  updatePaymentMethod,
} from './subscriptions.ts';

export type BillingDeps = { db: Db; config: Config; billing: Billing };

const done = envelope(z.null());
const CARD_ATTEMPTS_PER_MINUTE = 20;

/** Subscription, payment and bills, on the spec's paths (listed in docs/api.md). */
export const billingRoutes: FastifyPluginAsyncZod<BillingDeps> = async (app, { db, config, billing }) => {
  const { provider } = billing;
  // Fresh hook arrays per route: plugins (the rate limit) add their hooks to a route's own array.
  const view = () => ({ onRequest: requireBilling(db, 'view') });
  const manage = () => ({ onRequest: requireBilling(db, 'manage') });
  const originOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  const renewalDiscount = billing.catalogue.renewal_discount_percent;

  app.post(
    BILLING_API.createCheckoutSession,
    { ...manage(), schema: { body: checkoutWithQuoteBody, response: { 200: envelope(checkoutData) } } },
    async (request) => {
      const team = teamOf(request);
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, team.userId));
      return ok(
        await createCheckoutSession(
          db,
          provider,
          {
            teamId: team.teamId,
            userId: team.userId,
            email: user?.email ?? null,
            planId: request.body.plan_id,
            origin: originOf(request),
            quoteAt: request.body.quote_at,
          },
          request.log,
        ),
      );
    },
  );
  app.post(
    BILLING_API.previewPlanChange,
    {
      ...manage(),
      schema: { body: checkoutWithQuoteBody, response: { 200: envelope(planChangePreview) } },
    },
    async (request) =>
      ok(
        await previewPlanChange(db, {
          teamId: teamOf(request).teamId,
          planId: request.body.plan_id,
          locale: requestLocale(request),
        }),
      ),
  );
  app.post(
    BILLING_API.handleSubscription,
    { ...manage(), schema: { body: handleSubscriptionBody, response: { 200: done } } },
    async (request) => {
      await handleSubscription(
        db,
        provider,
        { teamId: teamOf(request).teamId, ...request.body, renewalDiscount },
        request.log,
      );
      return ok(null);
    },
  );
  app.get(
    BILLING_API.currentSubscription,
    { ...view(), schema: { response: { 200: envelope(subscription) } } },
    async (request) => {
      const team = teamOf(request);
      return ok(
        await presentSubscription(db, {
          teamId: team.teamId,
          locale: requestLocale(request),
          provider: provider.kind,
          currency: billing.currency,
          canManageBilling: mayBilling(team, 'manage'),
          renewalDiscount,
          billingName: await billingNameOf(db, team.teamId),
        }),
      );
    },
  );
  app.post(
    BILLING_API.updateBillingName,
    { ...manage(), schema: { body: billingNameBody, response: { 200: done } } },
    async (request) => {
      await setBillingName(db, teamOf(request).teamId, request.body.billing_name);
      return ok(null);
    },
  );
  app.get(
    BILLING_API.defaultPaymentMethod,
    { ...view(), schema: { response: { 200: envelope(paymentMethod.nullable()) } } },
    async (request) => ok(await defaultPaymentMethod(db, teamOf(request).teamId)),
  );
  app.get(
    BILLING_API.stripeKey,
    { ...view(), schema: { response: { 200: envelope(stripeKeyData) } } },
    async () => ok({ provider: provider.kind, publishable_key: provider.publishableKey }),
  );
  app.post(
    BILLING_API.createSetupIntent,
    { ...manage(), schema: { response: { 200: envelope(setupIntentData) } } },
    async (request) => {
      const teamId = teamOf(request).teamId;
      const current = await subscriptionRow(db, teamId);
      try {
        return ok({
          client_secret: await provider.createSetupIntent({
            teamId,
            customerId: current?.providerCustomerId ?? null,
          }),
        });
      } catch (error) {
        request.log.error({ err: error }, 'the payment provider could not create a setup intent');
        throw new AppError('SETUP_INTENT_FAILED');
      }
    },
  );
  app.post(
    BILLING_API.updatePaymentMethod,
    { ...manage(), schema: { body: updatePaymentMethodBody, response: { 200: done } } },
    async (request) => {
      await updatePaymentMethod(
        db,
        provider,
        { teamId: teamOf(request).teamId, paymentMethodId: request.body.payment_method_id },
        request.log,
      );
      return ok(null);
    },
  );
  app.post(
    BILLING_API.orderList,
    { ...manage(), schema: { body: orderListBody, response: { 200: envelope(pageOf(orderItem)) } } },
    async (request) =>
      ok(
        await listOrders(
          db,
          teamOf(request).teamId,
          request.body.page,
          request.body.page_size,
          requestLocale(request),
        ),
      ),
  );
  app.post(
    BILLING_API.orderInfo,
    { ...manage(), schema: { body: orderInfoBody, response: { 200: envelope(orderInfoSchema) } } },
    async (request) =>
      ok(await orderInfo(db, teamOf(request).teamId, request.body.order_no, requestLocale(request))),
  );
  app.post(
    BILLING_API.invoicePdf,
    {
      ...manage(),
      schema: {
        body: invoiceBody.extend({ time_zone: z.string().max(64).optional() }),
        response: { 200: envelope(invoiceData) },
      },
    },
    async (request) => {
      const team = teamOf(request);
      const timeZone = validTimeZone(request.body.time_zone);
      return ok(
        await invoiceOf(db, {
          teamId: team.teamId,
          teamName: await billedTo(db, team.teamId),
          orderId: request.body.order_id,
          locale: requestLocale(request),
          timeZone,
        }),
      );
    },
  );

  /** The provider failing while a bill's checkout is reopened or closed: 502, never a 500. */
  const atProvider = async <T>(request: FastifyRequest, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      request.log.error({ err: error }, 'the payment provider failed on a bill');
      throw new AppError('PAYMENT_ERROR');
    }
  };
  app.post(
    BILLING_API.repayOrder,
    { ...manage(), schema: { body: orderIdBody, response: { 200: envelope(repayData) } } },
    async (request) =>
      ok(
        await atProvider(request, () =>
          repayOrder(db, provider, {
            teamId: teamOf(request).teamId,
            orderId: request.body.order_id,
            origin: originOf(request),
          }),
        ),
      ),
  );
  app.post(
    BILLING_API.cancelOrder,
    { ...manage(), schema: { body: orderIdBody, response: { 200: done } } },
    async (request) => {
      await atProvider(request, () =>
        cancelOrder(db, provider, { teamId: teamOf(request).teamId, orderId: request.body.order_id }),
      );
      return ok(null);
    },
  );

  const { stripe } = billing;
  if (stripe) {
    // Signed over the exact bytes: this route reads its body raw, in a context of its own.
    await app.register(async (raw) => {
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      raw.post(BILLING_API.stripeWebhook, async (request) => {
        const signature = request.headers['stripe-signature'];
        const outcome = await stripe.receiveWebhook(
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
        return ok({ outcome });
      });
    });
  }

  const { sandbox } = billing;
  if (!sandbox) return;
  // The sandbox's hosted checkout page: like a provider's, the unguessable session id is its key.
  app.get(
    BILLING_API.sandboxSession,
    { schema: { querystring: sandboxSessionQuery, response: { 200: envelope(sandboxSession) } } },
    async (request) => {
      const { session, order, status } = await sandbox.describeSession(request.query.session_id);
      const [plan] = await db.select().from(billingPlans).where(eq(billingPlans.verId, order.verId));
      return ok({
        session_id: session.sessionId,
        order_no: order.orderNo,
        plan_name: plan ? textsOf(plan, requestLocale(request)).name : '',
        period_type: order.periodType,
        amount: order.amount,
        currency: order.currency as never,
        status,
      });
    },
  );
  app.post(
    BILLING_API.sandboxPay,
    {
      config: perMinute(CARD_ATTEMPTS_PER_MINUTE),
      schema: { body: sandboxPayBody, response: { 200: envelope(sandboxPayData) } },
    },
    async (request) => {
      const { session_id: sessionId, ...card } = request.body;
      return ok(await sandbox.pay(sessionId, card));
    },
  );
  app.post(
    BILLING_API.sandboxConfirmPayment,
    {
      config: perMinute(CARD_ATTEMPTS_PER_MINUTE),
      schema: { body: sandboxConfirmPaymentBody, response: { 200: envelope(sandboxPayData) } },
    },
    async (request) =>
      ok(
        await sandbox.confirmPayment(
          request.body.session_id,
          request.body.action_token,
          request.body.approve,
        ),
      ),
  );
  app.post(
    BILLING_API.sandboxConfirmSetup,
    {
      ...manage(),
      config: perMinute(CARD_ATTEMPTS_PER_MINUTE),
      schema: { body: sandboxConfirmSetupBody, response: { 200: envelope(sandboxConfirmSetupData) } },
    },
    async (request) => {
      const { client_secret: clientSecret, ...card } = request.body;
      // The setup intent is the team's: another team's secret is refused like an unknown one.
      return ok(await sandbox.confirmSetup(clientSecret, card, teamOf(request).teamId));
    },
  );
};

function validTimeZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}
