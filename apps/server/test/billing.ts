import { SANDBOX_CARDS } from '@tandem/contract/billing';
import { agentApi, type Person } from './agents.ts';
import type { TestContext } from './test-app.ts';

/** Helpers of the billing tests: buying through the sandbox's real calls. */
export function billingApi(ctx: TestContext) {
  const api = agentApi(ctx);
  const { call, data } = api;

  const card = (number: string = SANDBOX_CARDS.success) => ({
    card_number: number,
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    cvc: '123',
    name: 'Ada Lovelace',
  });

  /** Opens a checkout for `planId`; answers the order number and the session id from the checkout URL. */
  async function checkout(who: Person, planId: number) {
    const opened = await data('POST', '/api/user/create-checkout-session', who.token, { plan_id: planId });
    const sessionId = opened.checkout_url ? String(opened.checkout_url).split('/').pop() : undefined;
    return {
      orderNo: opened.order.order_no as string,
      checkoutUrl: opened.checkout_url as string | null,
      sessionId,
    };
  }

  const pay = (sessionId: string, number?: string) =>
    call('POST', '/api/payment/sandbox/pay', undefined, { session_id: sessionId, ...card(number) });

  /** Buys `planId` with the good test card through the hosted checkout. */
  async function buy(who: Person, planId: number) {
    const { orderNo, sessionId } = await checkout(who, planId);
    if (!sessionId) throw new Error('no checkout page');
    const paid = await pay(sessionId);
    if (paid.status !== 200) throw new Error(`pay: ${JSON.stringify(paid.body)}`);
    return orderNo;
  }

  const plan = (who: Person) => data('GET', '/api/team/curr-ver-packet-data', who.token);
  const subscription = (who: Person) => data('GET', '/api/user/get-curr-subscription', who.token);
  const order = (who: Person, orderNo: string) =>
    data('POST', '/api/order/get-order-info', who.token, { order_no: orderNo });

  return { ...api, card, checkout, pay, buy, plan, subscription, order };
}
