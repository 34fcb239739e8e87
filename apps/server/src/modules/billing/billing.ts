import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { billingOrders } from '../../db/schema.ts';
import {
  type CatalogueFile,
  endedUnsettledTeams,
  readCatalogue,
  settleEndedPlan,
  syncCatalogue,
} from '../quotas/index.ts';
import { type PaymentEvent, processPaymentEvent } from './payment-events.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { createSandboxProvider, type SandboxProvider } from './providers/sandbox.ts';
import { createStripeProvider, type StripeProvider } from './providers/stripe.ts';

export type Billing = {
  provider: PaymentProvider;
  /** The sandbox's own pages, when it is the provider. */
  sandbox: SandboxProvider | undefined;
  /** Stripe's webhook receiver, when it is the provider. */
  stripe: StripeProvider | undefined;
  catalogue: CatalogueFile;
  currency: Config['billing']['currency'];
  emit: (event: PaymentEvent) => Promise<unknown>;
  /** At start: the catalogue written, pending orders reconciled with the provider. */
  start: () => Promise<void>;
  /** On each heartbeat: due renewals, and the points of ended subscriptions settled. */
  beat: () => Promise<void>;
};

export function createBilling(deps: { db: Db; config: Config; log: FastifyBaseLogger }): Billing {
  const { db, config, log } = deps;
  const catalogue = readCatalogue(config.billing.plansFile);
  const emit = (event: PaymentEvent) => processPaymentEvent(db, event);
  const settings = config.billing.stripe;
  const stripe = settings ? createStripeProvider({ db, settings, emit, log }) : undefined;
  const sandbox = stripe ? undefined : createSandboxProvider(db, emit);
  const provider: PaymentProvider = stripe ?? (sandbox as SandboxProvider);

  /** A crash between the provider taking the money and our grant: ask the provider about pending orders. */
  async function reconcile() {
    const pending = await db
      .select()
      .from(billingOrders)
      .where(and(eq(billingOrders.status, 0), eq(billingOrders.provider, provider.kind)))
      .limit(500);
    for (const order of pending) {
      try {
        const event = await provider.lookupOrder(order);
        if (event) await emit(event);
      } catch (error) {
        log.warn({ err: error, order: order.orderNo }, 'a pending order could not be reconciled');
      }
    }
  }

  return {
    provider,
    sandbox,
    stripe,
    catalogue,
    currency: config.billing.currency,
    emit,
    async start() {
      await syncCatalogue(db, catalogue, config.billing.currency);
      await reconcile();
    },
    async beat() {
      await provider.sweep?.();
      for (const teamId of await endedUnsettledTeams(db)) await settleEndedPlan(db, teamId);
    },
  };
}
