import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createCurrentPlan,
  createOrderInfo,
  createPlans,
  createSubscription,
} from '../../../test/billing-factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { SubscriptionSection } from './subscription-section.tsx';

function serve(verId: number, canManage: boolean, extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    '/api/team/curr-ver-packet-data': () => ({ data: createCurrentPlan(verId, canManage) }),
    '/api/team/all-ver-packet-data': () => ({ data: createPlans() }),
    '/api/user/get-curr-subscription': () => ({
      data: createSubscription(verId === 1 ? 0 : verId, canManage),
    }),
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
        return { data: createOrderInfo({ order_status: polls < 2 ? 0 : 1 }) };
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
