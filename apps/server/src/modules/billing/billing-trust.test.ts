import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { billingApi } from '../../../test/billing.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { billingOrders, pointsLedger, sandboxSessions, teamSubscriptions } from '../../db/schema.ts';
import { createBilling } from './billing.ts';

/**
 * Billing a customer can trust (docs/decisions.md): old checkouts, prorated upgrades, the retention discount,
 * abandoned bills and whom invoices are made out to, through the sandbox's real calls. A file of its
 * own: the sandbox's card calls are limited to 20 a minute per address.
 */
const ctx = useTestApp();
const { call, data, team, person, checkout, pay, buy, plan, subscription, order } = billingApi(ctx);

const STANDARD_MONTHLY = 31;
const STANDARD_YEARLY = 32;
const PRO_MONTHLY = 41;
const PRO_YEARLY = 42;

describe('a checkout opened before the plan changed', () => {
  it('expires when another order is paid, and paying it is refused (2315) with nothing charged', async () => {
    const { owner, teamId } = await team('Stale Checkout Works');
    const older = await checkout(owner, STANDARD_MONTHLY);
    const otherOlder = await checkout(owner, STANDARD_YEARLY);
    await buy(owner, PRO_YEARLY);
    const session = await call('GET', `/api/payment/sandbox/session?session_id=${older.sessionId}`);
    expect(session.body.data.status).toBe('expired');
    expect((await order(owner, older.orderNo)).order_status).toBe(2);
    expect((await order(owner, otherOlder.orderNo)).order_status).toBe(2);

    for (const attempt of [older, otherOlder, older]) {
      const refused = await pay(attempt.sessionId!, '5555555555554444');
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe(2315);
    }
    expect(await subscription(owner)).toMatchObject({ plan_id: 4, period_type: 2 });
    expect((await plan(owner)).points_quota_surplus_numerical).toBe(101000);
    const grants = await ctx.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.teamId, teamId), eq(pointsLedger.reason, 'plan_purchase')));
    expect(grants.map((g) => g.points)).toEqual([100000]);
    // The refused card was never taken: the saved card is still the one that paid.
    expect((await data('GET', '/api/user/get-default-payment-method', owner.token)).card_last4).toBe('4242');
  });

  it('refuses at pay time a session still open for a plan change no longer allowed', async () => {
    const { owner } = await team('Reopened Checkout Works');
    const older = await checkout(owner, STANDARD_MONTHLY);
    await buy(owner, STANDARD_YEARLY);
    // A session left open (made before paid orders closed the others).
    await ctx.database.db
      .update(sandboxSessions)
      .set({ status: 'open' })
      .where(eq(sandboxSessions.sessionId, older.sessionId!));
    const refused = await pay(older.sessionId!);
    expect(refused.body.code).toBe(2315);
    expect((await order(owner, older.orderNo)).order_status).toBe(2);
    expect(await subscription(owner)).toMatchObject({ plan_id: 3, period_type: 2 });
  });
});

describe('an upgrade with the saved card', () => {
  it('previews the card, the price and the credit for the unused period, and charges exactly that', async () => {
    const { owner, teamId } = await team('Prorated Works');
    await buy(owner, STANDARD_YEARLY);
    // A quarter of the year used: three quarters of what was paid come back as credit.
    const year = 365 * 24 * 3600 * 1000;
    const endsAt = new Date(Date.now() + 0.75 * year);
    await ctx.database.db
      .update(teamSubscriptions)
      .set({ endsAt })
      .where(eq(teamSubscriptions.teamId, teamId));
    await ctx.database.db
      .update(billingOrders)
      .set({ periodStart: new Date(endsAt.getTime() - year), periodEnd: endsAt })
      .where(eq(billingOrders.teamId, teamId));

    const preview = await data('POST', '/api/user/preview-plan-change', owner.token, { plan_id: PRO_YEARLY });
    expect(preview).toMatchObject({
      plan_id: PRO_YEARLY,
      ver_name: 'Pro',
      price: 287000,
      currency: 'CNY',
      card: { card_brand: 'visa', card_last4: '4242', status: 0 },
    });
    expect(Math.abs(preview.credit - 71250)).toBeLessThanOrEqual(2);
    expect(preview.amount_due).toBe(287000 - preview.credit);
    const refused = await call('POST', '/api/user/preview-plan-change', owner.token, {
      plan_id: STANDARD_YEARLY,
    });
    expect(refused.body.code).toBe(2315);

    const opened = await data('POST', '/api/user/create-checkout-session', owner.token, {
      plan_id: PRO_YEARLY,
      quote_at: preview.quote_at,
    });
    const paid = await order(owner, opened.order.order_no);
    expect(paid).toMatchObject({ order_status: 1, amount: preview.amount_due });
    // Renewals charge Pro's full price, not the prorated first charge.
    expect((await subscription(owner)).next_billing_amount).toBe(287000);
  });
});

describe('an abandoned checkout’s unpaid bill', () => {
  it('can be paid again from the bills, or cancelled, after which its checkout no longer takes a card', async () => {
    const { owner } = await team('Abandoned Works');
    const left = await checkout(owner, STANDARD_YEARLY);
    const bills = async () =>
      (await data('POST', '/api/order/get-order-list', owner.token, { page: 1, page_size: 10 })).data;
    const [bill] = await bills();
    expect(bill).toMatchObject({ order_no: left.orderNo, order_status: 0, can_repay: 1 });
    const again = await data('POST', '/api/order/repay-order', owner.token, { order_id: bill.id });
    expect(again.checkout_url).toBe(left.checkoutUrl);

    await data('POST', '/api/order/cancel-order', owner.token, { order_id: bill.id });
    expect((await bills())[0]).toMatchObject({ order_status: 2, can_repay: 0 });
    expect((await pay(left.sessionId!)).body.code).toBe(2314);
    expect((await call('POST', '/api/order/repay-order', owner.token, { order_id: bill.id })).body.code).toBe(
      2314,
    );
    const other = (await team('Nosy Bills Works')).owner;
    const nosy = await call('POST', '/api/order/cancel-order', other.token, { order_id: bill.id });
    expect(nosy.body.code).toBe(2303);

    // Paid from the bills: a new checkout's bill, paid through the address repay-order gave.
    const second = await checkout(owner, STANDARD_MONTHLY);
    const [secondBill] = await bills();
    const reopened = await data('POST', '/api/order/repay-order', owner.token, { order_id: secondBill.id });
    expect((await pay(String(reopened.checkout_url).split('/').pop()!)).status).toBe(200);
    expect((await order(owner, second.orderNo)).order_status).toBe(1);
  });

  it('is cancelled when its checkout session expires', async () => {
    const { owner } = await team('Lapsed Works');
    const left = await checkout(owner, PRO_MONTHLY);
    await ctx.database.db
      .update(sandboxSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxSessions.sessionId, left.sessionId!));
    await createBilling({ db: ctx.database.db, config: ctx.config, log: pino({ level: 'silent' }) }).beat();
    expect((await order(owner, left.orderNo)).order_status).toBe(2);
    const session = await call('GET', `/api/payment/sandbox/session?session_id=${left.sessionId}`);
    expect(session.body.data.status).toBe('expired');
  });
});

describe('the retention discount', () => {
  it('is for the next renewal of the plan it was offered on, and is not offered again meanwhile', async () => {
    const { owner, teamId } = await team('Retained Works');
    await buy(owner, PRO_MONTHLY);
    await data('POST', '/api/user/handle-subscription', owner.token, { action: 'renew', reason: 'discount' });
    expect(await subscription(owner)).toMatchObject({
      next_billing_amount: Math.round(29900 * 0.8),
      discount_percent: 0,
      active_discount_percent: 20,
    });
    // The renewal uses it up: one discounted bill, then the full price and the offer again.
    await ctx.database.db
      .update(teamSubscriptions)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(teamSubscriptions.teamId, teamId));
    await createBilling({ db: ctx.database.db, config: ctx.config, log: pino({ level: 'silent' }) }).beat();
    const [renewal] = (
      await data('POST', '/api/order/get-order-list', owner.token, { page: 1, page_size: 1 })
    ).data;
    expect(renewal).toMatchObject({ order_status: 1, amount: Math.round(29900 * 0.8) });
    expect(await subscription(owner)).toMatchObject({
      next_billing_amount: 29900,
      discount_percent: 20,
      active_discount_percent: 0,
    });

    // Taken on Pro monthly, it does not follow an upgrade to Pro yearly.
    await data('POST', '/api/user/handle-subscription', owner.token, { action: 'renew', reason: 'discount' });
    await checkout(owner, PRO_YEARLY);
    expect(await subscription(owner)).toMatchObject({
      plan_id: 4,
      period_type: 2,
      next_billing_amount: 287000,
      discount_percent: 20,
      active_discount_percent: 0,
    });
  });
});

describe('whom the invoice is made out to', () => {
  it('is the owner of a personal team rather than its address-made name, or the billing name once set', async () => {
    const owner = await person();
    await buy(owner, STANDARD_MONTHLY);
    const [bill] = (await data('POST', '/api/order/get-order-list', owner.token, { page: 1, page_size: 1 }))
      .data;
    const invoiceText = async () => {
      const { invoice_pdf } = await data('POST', '/api/order/down-invoice-pdf', owner.token, {
        order_id: bill.id,
      });
      return pdfText(Buffer.from(invoice_pdf.replace('data:application/pdf;base64,', ''), 'base64'));
    };
    const localPart = owner.email.split('@')[0]!;
    const before = await invoiceText();
    expect(before).toContain(owner.email);
    expect(before).not.toMatch(new RegExp(`Billed to\\s*${localPart}\\s`));

    await data('POST', '/api/user/update-billing-name', owner.token, {
      billing_name: '  Lovelace Analytics Ltd ',
    });
    expect((await subscription(owner)).billing_name).toBe('Lovelace Analytics Ltd');
    expect(await invoiceText()).toContain('Lovelace Analytics Ltd');
  });
});
