import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingApi } from '../../../test/billing.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema.ts';

const ctx = useTestApp();
const { call, data, team, person } = billingApi(ctx);

type Role = 'owner' | 'admin' | 'member' | 'platform_admin' | 'anonymous';
type Route = { method: 'GET' | 'POST'; url: string; body?: Record<string, unknown>; manage: boolean };

/** Every billing route: `manage` ones are the owner's alone (docs/decisions.md, "Billing is the owner's"). */
const ROUTES: Route[] = [
  { method: 'GET', url: '/api/team/curr-ver-packet-data', manage: false },
  { method: 'GET', url: '/api/user/get-curr-subscription', manage: false },
  { method: 'GET', url: '/api/user/get-default-payment-method', manage: false },
  { method: 'GET', url: '/api/user/get-stripe-key', manage: false },
  { method: 'POST', url: '/api/user/create-checkout-session', body: { plan_id: 32 }, manage: true },
  { method: 'POST', url: '/api/user/preview-plan-change', body: { plan_id: 32 }, manage: true },
  {
    method: 'POST',
    url: '/api/user/handle-subscription',
    body: { action: 'renew', reason: 1 },
    manage: true,
  },
  { method: 'POST', url: '/api/user/create-setup-intent', manage: true },
  {
    method: 'POST',
    url: '/api/user/update-payment-method',
    body: { payment_method_id: 'pm_x' },
    manage: true,
  },
  { method: 'POST', url: '/api/order/get-order-list', body: { page: 1, page_size: 10 }, manage: true },
  { method: 'POST', url: '/api/order/get-order-info', body: { order_no: '1' }, manage: true },
  { method: 'POST', url: '/api/order/down-invoice-pdf', body: { order_id: 1 }, manage: true },
  { method: 'POST', url: '/api/order/repay-order', body: { order_id: 1 }, manage: true },
  { method: 'POST', url: '/api/order/cancel-order', body: { order_id: 1 }, manage: true },
  { method: 'POST', url: '/api/user/update-billing-name', body: { billing_name: 'X' }, manage: true },
  {
    method: 'POST',
    url: '/api/payment/sandbox/confirm-setup',
    body: {
      client_secret: 'x',
      card_number: '4242424242424242',
      exp_month: 1,
      exp_year: 2099,
      cvc: '123',
      name: 'A',
    },
    manage: true,
  },
];

describe('who may do what with the subscription', () => {
  it('lets every member see the plan, and only the owner buy, cancel, change the card and read the bills', async () => {
    const { owner, member, join } = await team('Policy Works');
    const admin = await person();
    await join(admin);
    await data('POST', '/api/team/set-admin', owner.token, { user_id: admin.id, is_admin: 1 });
    const plain = await member();
    const platformAdmin = await person();
    await join(platformAdmin);
    await ctx.database.db.update(users).set({ isSuper: true }).where(eq(users.id, platformAdmin.id));
    const tokens: Record<Role, string | undefined> = {
      owner: owner.token,
      admin: admin.token,
      member: plain.token,
      platform_admin: platformAdmin.token,
      anonymous: undefined,
    };
    const seen: string[] = [];
    for (const route of ROUTES) {
      for (const role of Object.keys(tokens) as Role[]) {
        const answer = await call(route.method, route.url, tokens[role], route.body);
        const expected = role === 'anonymous' ? 401 : route.manage && role !== 'owner' ? 403 : 'allowed';
        const got = answer.status === 401 || answer.status === 403 ? answer.status : 'allowed';
        seen.push(`${route.url} ${role} ${got}`);
        expect(got, `${route.method} ${route.url} as ${role}: ${JSON.stringify(answer.body)}`).toBe(expected);
        if (got === 403) expect(answer.body.code).toBe(2320);
      }
    }
    expect(seen).toHaveLength(ROUTES.length * 5);
  });

  it('tells a member the plan without the buying rights', async () => {
    const { owner, member } = await team('Viewer Works');
    const someone = await member();
    expect((await data('GET', '/api/user/get-curr-subscription', someone.token)).can_manage_billing).toBe(
      false,
    );
    expect((await data('GET', '/api/user/get-curr-subscription', owner.token)).can_manage_billing).toBe(true);
  });

  it('lets the owner of a personal team buy for it', async () => {
    const someone = await person();
    const answer = await call('POST', '/api/user/create-checkout-session', someone.token, { plan_id: 32 });
    expect(answer.status).toBe(200);
    expect(answer.body.data.checkout_url).toContain('/pay/sandbox/');
  });
});
