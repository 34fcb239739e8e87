import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received: method, path and the form-encoded body as flat `a[b]` keys. */
export type StripeCall = { method: string; path: string; form: Record<string, string> };
type Json = Record<string, unknown>;

const card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };

/**
 * A local stand-in for the part of Stripe's API billing uses, for the real `stripe` SDK to talk to:
 * it records every call and keeps sessions, subscriptions, payment methods and invoices the tests set.
 */
export async function startFakeStripe() {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  let serial = 0;
  const next = (prefix: string) => `${prefix}_test_${++serial}`;

  const readForm = async (request: IncomingMessage) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    return Object.fromEntries(new URLSearchParams(body));
  };
  const metadataOf = (form: Record<string, string>, prefix = 'metadata') =>
    Object.fromEntries(
      Object.entries(form)
        .filter(([key]) => key.startsWith(`${prefix}[`))
        .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
    );

  function route(
    method: string,
    path: string,
    form: Record<string, string>,
    query: URLSearchParams,
  ): Json | undefined {
    const [, , kind, id, action, verb] = path.split('/');
    if (method === 'POST' && kind === 'checkout' && verb === 'expire') {
      const session = sessions.get(action ?? '');
      if (session?.status !== 'open') return undefined;
      session.status = 'expired';
      return session;
    }
    if (method === 'POST' && kind === 'checkout' && id === 'sessions') {
      const session = {
        id: next('cs'),
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        invoice: null,
        metadata: metadataOf(form),
        price: form['line_items[0][price]'],
      };
      sessions.set(session.id, { ...session, url: `https://checkout.stripe.test/c/${session.id}` });
      return sessions.get(session.id);
    }
    if (method === 'GET' && kind === 'checkout') return sessions.get(action ?? '');
    if (kind === 'subscriptions' && id) {
      const subscription = subscriptions.get(id) ?? {
        id,
        object: 'subscription',
        metadata: {},
        price: 'price_std_y',
      };
      if (method === 'DELETE') subscription.status = 'canceled';
      if (method === 'POST') {
        if (form.cancel_at_period_end)
          subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
        if (form['items[0][price]']) subscription.price = form['items[0][price]'];
        subscription.metadata = { ...(subscription.metadata as Json), ...metadataOf(form) };
      }
      subscriptions.set(id, subscription);
      const expanded = query.getAll('expand[]').includes('default_payment_method') || query.get('expand[0]');
      return {
        ...subscription,
        cancel_at_period_end: Boolean(subscription.cancel_at_period_end),
        items: { object: 'list', data: [{ id: `si_${id}`, price: { id: subscription.price } }] },
        default_payment_method: expanded
          ? { id: 'pm_checkout', object: 'payment_method', card }
          : 'pm_checkout',
      };
    }
    if (method === 'POST' && kind === 'refunds')
      return { id: next('re'), object: 'refund', payment_intent: form.payment_intent, status: 'succeeded' };
    if (method === 'POST' && kind === 'coupons')
      return { id: next('coupon'), percent_off: Number(form.percent_off) };
    if (method === 'POST' && kind === 'customers') return { id: id ?? next('cus'), object: 'customer' };
    if (method === 'POST' && kind === 'setup_intents') {
      const intent = next('seti');
      return {
        id: intent,
        object: 'setup_intent',
        client_secret: `${intent}_secret_x`,
        customer: form.customer,
      };
    }
    if (kind === 'payment_methods' && id) {
      const stored = paymentMethods.get(id) ?? { id, object: 'payment_method', customer: null, card };
      if (method === 'POST' && action === 'attach') stored.customer = form.customer;
      paymentMethods.set(id, stored);
      return stored;
    }
    if (method === 'GET' && kind === 'invoices' && id) return invoices.get(id);
    return undefined;
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const form = request.method === 'POST' ? await readForm(request) : {};
    calls.push({ method: request.method ?? 'GET', path: url.pathname, form });
    const answer = route(request.method ?? 'GET', url.pathname, form, url.searchParams);
    response.writeHead(answer ? 200 : 404, { 'content-type': 'application/json', 'request-id': 'req_fake' });
    response.end(
      JSON.stringify(answer ?? { error: { type: 'invalid_request_error', message: `no ${url.pathname}` } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    sessions,
    subscriptions,
    paymentMethods,
    invoices,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
