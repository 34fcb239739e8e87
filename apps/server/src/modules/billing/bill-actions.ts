import { ORDER_STATUS } from '@tandem/contract/billing';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingOrders } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { isPlanChangeRefused } from './plan-rules.ts';
import type { OrderRow, PaymentProvider } from './providers/provider.ts';

/** The bills table's actions on an abandoned checkout's unpaid bill: pay it again, or cancel it. */

async function unpaidCheckout(db: Db, teamId: number, orderId: number) {
  const [order] = await db
    .select()
    .from(billingOrders)
    .where(and(eq(billingOrders.teamId, teamId), eq(billingOrders.id, orderId)));
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (order.status !== ORDER_STATUS.pending || !order.sessionId)
    throw new AppError('CHECKOUT_SESSION_CLOSED');
  return order;
}

const markCancelled = (db: Db, order: OrderRow) =>
  db
    .update(billingOrders)
    .set({ status: ORDER_STATUS.cancelled })
    .where(and(eq(billingOrders.id, order.id), eq(billingOrders.status, ORDER_STATUS.pending)));

/** The checkout page of an unpaid bill, while its session is open and its plan still allowed. */
export async function repayOrder(
  db: Db,
  provider: PaymentProvider,
  input: { teamId: number; orderId: number; origin: string },
) {
  const order = await unpaidCheckout(db, input.teamId, input.orderId);
  if (await isPlanChangeRefused(db, input.teamId, order)) {
    await provider.expireCheckout(order);
    await markCancelled(db, order);
    throw new AppError('PLAN_NOT_PURCHASABLE');
  }
  const url = await provider.reopenCheckout({ order, origin: input.origin });
  if (!url) {
    // Expired at the provider: the bill is cancelled with its session.
    await markCancelled(db, order);
    throw new AppError('CHECKOUT_SESSION_CLOSED');
  }
  return { checkout_url: url };
}

/** Cancels an unpaid bill: its checkout closes at the provider first, so it cannot be paid after. */
export async function cancelOrder(
  db: Db,
  provider: PaymentProvider,
  input: { teamId: number; orderId: number },
) {
  const order = await unpaidCheckout(db, input.teamId, input.orderId);
  await provider.expireCheckout(order);
  await markCancelled(db, order);
}
