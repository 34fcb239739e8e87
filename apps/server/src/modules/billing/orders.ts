import { type Currency, ORDER_STATUS, type OrderInfo, type OrderItem } from '@tandem/contract/billing';
import type { Locale } from '@tandem/contract/i18n';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingOrders, billingPlans } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { textsOf } from '../quotas/index.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/** The team's bills: scoped to the team in every query. */

type OrderWithPlan = {
  order: typeof billingOrders.$inferSelect;
  plan: typeof billingPlans.$inferSelect | null;
};

function presentOrder({ order, plan }: OrderWithPlan, locale: Locale): OrderItem {
  const name = plan ? textsOf(plan, locale).name : '';
  return {
    id: order.id,
    order_no: order.orderNo,
    order_status: order.status,
    plan_name: name,
    ver_name: name,
    period_type: order.periodType,
    date: (order.paidAt ?? order.createdAt).toISOString(),
    amount: order.amount,
    currency: order.currency as Currency,
    has_invoice: order.status === 1 ? 1 : 0,
    can_repay: order.status === ORDER_STATUS.pending && order.sessionId?.startsWith('cs_') ? 1 : 0,
  };
}

const withPlan = (db: Db) =>
  db
    .select({ order: billingOrders, plan: billingPlans })
    .from(billingOrders)
    .leftJoin(billingPlans, eq(billingPlans.verId, billingOrders.verId));

export async function listOrders(db: Db, teamId: number, page: number, pageSize: number, locale: Locale) {
  const rows = await withPlan(db)
    .where(eq(billingOrders.teamId, teamId))
    .orderBy(desc(billingOrders.createdAt), desc(billingOrders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(billingOrders).where(eq(billingOrders.teamId, teamId));
  return { data: rows.map((row) => presentOrder(row, locale)), total: total?.n ?? 0 };
}

export async function orderInfo(db: Db, teamId: number, orderNo: string, locale: Locale): Promise<OrderInfo> {
  const [row] = await withPlan(db).where(
    and(eq(billingOrders.teamId, teamId), eq(billingOrders.orderNo, orderNo)),
  );
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return {
    ...presentOrder(row, locale),
    ver: { present_benefits: row.plan ? textsOf(row.plan, locale).benefits : [] },
  };
}

/** A paid bill's invoice: the provider's (Stripe) or ours, rendered in the reader's language. */
export async function invoiceOf(
  db: Db,
  input: { teamId: number; teamName: string; orderId: number; locale: Locale; timeZone: string },
) {
  const [row] = await withPlan(db).where(
    and(eq(billingOrders.teamId, input.teamId), eq(billingOrders.id, input.orderId)),
  );
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  if (row.order.status !== 1) return { has_invoice: 0 as const, invoice_pdf: '' };
  if (row.order.invoiceUrl) return { has_invoice: 1 as const, invoice_pdf: row.order.invoiceUrl };
  const pdf = await renderInvoicePdf({
    order: row.order,
    planName: row.plan ? textsOf(row.plan, input.locale).name : '',
    teamName: input.teamName,
    locale: input.locale,
    timeZone: input.timeZone,
  });
  return { has_invoice: 1 as const, invoice_pdf: `data:application/pdf;base64,${pdf.toString('base64')}` };
}
