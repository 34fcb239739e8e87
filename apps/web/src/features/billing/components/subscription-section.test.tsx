import '../../../test/dom-setup.ts';
import type { CurrentPlanPackage, PlanPackage, Subscription } from '@tandem/contract/billing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { SubscriptionSection } from './subscription-section.tsx';

const price = (plan_id: number, period_type: 1 | 2, amount: number) => ({
  plan_id,
  period_type,
  price: amount,
  original_price: amount,
  discount_percent: 0,
  recommend: 0 as const,
  is_select: 0 as const,
  currency: 'CNY' as const,
});

function planPackage(
  ver_id: number,
  ver_name: string,
  benefits: string[],
  prices: PlanPackage['pricing_plans'],
) {
  return {
    ver_id,
    ver_name,
    desc: `${ver_name} plan`,
    is_free: ver_id === 1 ? 1 : 0,
    ver_is_default: ver_id === 1 ? 1 : 0,
    present_benefits: benefits,
    equity_name: '',
    numerical_auth: {
      points_quota: { points_quota_total_numerical: 1000, points_quota_surplus_numerical: 1000 },
      storage_quota: { storage_quota_total_numerical: 1024 ** 3, storage_quota_gb: 1 },
      member_quota: { member_limit: 20 },
    },
    pricing_plans: prices,
    is_current: 0,
    expire_time: null,
    member_limit: 20,
    member_count: 0,
    points_quota_surplus_numerical: 1000,
  } satisfies PlanPackage;
}

const PLANS = [
  planPackage(1, 'Free', ['1,000 points a month'], []),
  planPackage(3, 'Standard', ['20,000 points a month'], [price(31, 1, 9900), price(32, 2, 95000)]),
  planPackage(4, 'Pro', ['100,000 points a month'], [price(41, 1, 29900), price(42, 2, 287000)]),
];

function current(verId: number, canManage: boolean): CurrentPlanPackage {
  const base = PLANS.find((plan) => plan.ver_id === verId)!;
  return {
    ...base,
    is_current: 1,
    member_count: 2,
    storage_quota_used_numerical: 0,
    can_manage_billing: canManage,
    usage: {
      name: base.ver_name,
      points_quota_percentage: 10,
      points_quota_used_numerical: 100,
      points_quota_total_numerical: 1000,
      storage_quota_percentage: 0,
      storage_quota_used_numerical: 0,
      storage_quota_total_numerical: 1024 ** 3,
      storage_quota_surplus_numerical: 1024 ** 3,
    },
  };
}

function subscription(
  planId: number,
  canManage: boolean,
  overrides: Partial<Subscription> = {},
): Subscription {
  return {
    plan_id: planId,
    ver_name: planId ? 'Standard' : '',
    pricing_plan_id: planId ? 32 : null,
    period_type: 2,
    status: 0,
    auto_renew: planId ? 1 : 0,
    next_billing_date: planId ? '2027-11-25T00:00:00.000Z' : null,
    next_billing_amount: planId ? 95000 : 0,
    ends_at: planId ? '2027-11-25T00:00:00.000Z' : null,
    discount_percent: 20,
    currency: 'CNY',
    provider: 'sandbox',
    can_manage_billing: canManage,
    ...overrides,
  };
}

function serve(verId: number, canManage: boolean, extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    '/api/team/curr-ver-packet-data': () => ({ data: current(verId, canManage) }),
    '/api/team/all-ver-packet-data': () => ({ data: PLANS }),
    '/api/user/get-curr-subscription': () => ({ data: subscription(verId === 1 ? 0 : verId, canManage) }),
    '/api/user/get-default-payment-method': () => ({
      data: { card_brand: 'visa', card_last4: '4242', card_exp_month: 12, card_exp_year: 2030, status: 0 },
    }),
    ...extra,
  });
}

describe('the subscription section', () => {
  it('on standard, forces yearly, offers pro only, and polls the order of a change to the success dialog', async () => {
    let polls = 0;
    const api = serve(3, true, {
      '/api/user/create-checkout-session': () => ({
        data: { order: { order_no: 'ORD1' }, checkout_url: null },
      }),
      '/api/order/get-order-info': () => {
        polls += 1;
        return {
          data: {
            id: 1,
            order_no: 'ORD1',
            order_status: polls < 2 ? 0 : 1,
            plan_name: 'Pro',
            ver_name: 'Pro',
            period_type: 2,
            date: '2026-11-25T00:00:00.000Z',
            amount: 287000,
            currency: 'CNY',
            has_invoice: 1,
            ver: { present_benefits: ['100,000 points a month', 'A dedicated account manager'] },
          },
        };
      },
    });
    await renderPage(<SubscriptionSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('On your current plan, upgrades are yearly.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Standard/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: /Pro/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay ¥2,870.00' }));
    expect(await screen.findByText('Payment successful', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('A dedicated account manager')).toBeTruthy();
    expect(api.bodiesOf('/api/user/create-checkout-session')).toEqual([{ plan_id: 42 }]);
    expect(polls).toBe(2);
  });

  it('changes nothing until the cancel is confirmed, and sends the reason with its text', async () => {
    const api = serve(3, true, { '/api/user/handle-subscription': () => ({ data: null }) });
    await renderPage(<SubscriptionSection />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Auto-renewal' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Stay, and get 20% off your next renewal')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel anyway' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const confirm = within(dialog).getByRole('button', { name: 'Turn off auto-renewal' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Too slow' } });
    expect(api.bodiesOf('/api/user/handle-subscription')).toEqual([]);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(api.bodiesOf('/api/user/handle-subscription')).toEqual([
        { action: 'cancel', reason: 'other: Too slow' },
      ]),
    );
  });

  it('offers the owner of a team on pro, the top plan, no upgrade at all', async () => {
    serve(4, true);
    await renderPage(<SubscriptionSection />);
    expect(await screen.findByRole('button', { name: /Change card/ })).toBeTruthy();
    expect(within(screen.getByTestId('plan-card-4')).getByText('Current plan')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /Upgrade/ })).toEqual([]);
  });

  it('shows a member the plan and usage without any buy or cancel button', async () => {
    serve(3, false);
    await renderPage(<SubscriptionSection />);
    expect(
      await screen.findByText(
        "Only the team's owner can buy a plan, cancel the subscription, change the card and see the bills.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Auto-renewal' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('100 of 1,000 used')).toBeTruthy();
  });
});
