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
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { SubscriptionSection } from './subscription-section.tsx';

const notices = recordNotices();

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
  it('on standard, forces yearly, confirms the charge to the saved card, and polls the order to the success dialog', async () => {
    let polls = 0;
    const api = serve(3, true, {
      '/api/user/preview-plan-change': () => ({
        data: {
          plan_id: 42,
          ver_name: 'Pro',
          period_type: 2,
          price: 287000,
          credit: 71250,
          amount_due: 215750,
          currency: 'CNY',
          quote_at: 1800000000,
          period_end: '2027-12-07T00:00:00.000Z',
          card: { card_brand: 'visa', card_last4: '4242', status: 0 },
        },
      }),
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
    // Nothing is charged before the confirmation, which names the card, the credit and the amount.
    const title = await screen.findByText('Confirm the upgrade', {}, { timeout: 5000 });
    const confirm = within(title.closest<HTMLElement>('[role="dialog"]')!);
    expect(api.bodiesOf('/api/user/create-checkout-session')).toEqual([]);
    expect(api.bodiesOf('/api/user/preview-plan-change')).toEqual([{ plan_id: 42 }]);
    expect(confirm.getByTestId('confirm-card').textContent).toContain('VISA ending in 4242');
    expect(confirm.getByText('Credit for the unused part of your current plan')).toBeTruthy();
    expect(confirm.getByText('−¥712.50')).toBeTruthy();
    expect(confirm.getByText('Price of Pro')).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Pay ¥2,157.50' }));
    expect(await screen.findByText('Payment successful', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('A dedicated account manager')).toBeTruthy();
    expect(api.bodiesOf('/api/user/create-checkout-session')).toEqual([
      { plan_id: 42, quote_at: 1800000000 },
    ]);
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
    await waitFor(() => expect(notices.keys()).toEqual(['billing.notice.renew_off']));
    expect(notices.texts()[0]).toMatch(/^Auto-renewal is off\. Your plan stays active until .*2027/);
  });

  it('says so after restoring auto-renewal', async () => {
    serve(3, true, {
      '/api/user/get-curr-subscription': () => ({
        data: createSubscription(3, true, { status: 1, auto_renew: 0, next_billing_date: null }),
      }),
      '/api/user/handle-subscription': () => ({ data: null }),
    });
    await renderPage(<SubscriptionSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(notices.texts()).toEqual(['Auto-renewal is on again.']));
  });

  it('offers a month off on a monthly plan, and says so once the offer is taken', async () => {
    const api = serve(4, true, {
      '/api/user/get-curr-subscription': () => ({ data: createSubscription(4, true, { period_type: 1 }) }),
      '/api/user/handle-subscription': () => ({ data: null }),
    });
    await renderPage(<SubscriptionSection />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Auto-renewal' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Keep auto-renewal on and the next month costs 20% less.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Take the offer' }));
    await waitFor(() => expect(notices.texts()).toEqual(['Offer taken: your next renewal is 20% off.']));
    expect(api.bodiesOf('/api/user/handle-subscription')).toEqual([{ action: 'renew', reason: 'discount' }]);
  });

  it('shows the yearly price, the one charged, on the plan cards when upgrades are yearly only', async () => {
    serve(3, true);
    await renderPage(<SubscriptionSection />);
    const pro = within(await screen.findByTestId('plan-card-4'));
    expect(pro.getByText('¥2,870.00')).toBeTruthy();
    expect(pro.queryByText('¥299.00')).toBeNull();
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

  it("lets the owner name who invoices are made out to, the owner's name when left empty", async () => {
    let billingName = '';
    const api = serve(3, true, {
      '/api/user/get-curr-subscription': () => ({
        data: createSubscription(3, true, { billing_name: billingName }),
      }),
      '/api/user/update-billing-name': (body) => {
        billingName = (body as { billing_name: string }).billing_name;
        return { data: null };
      },
    });
    await renderPage(<SubscriptionSection />);
    expect((await screen.findByTestId('billing-name')).textContent).toBe("The team owner's name");
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Invoices made out to' }));
    const field = screen.getByRole('textbox', { name: 'Invoices made out to' });
    fireEvent.change(field, { target: { value: '  Walker Trading Ltd.  ' } });
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(notices.texts()).toEqual(['Invoices will be made out to Walker Trading Ltd..']),
    );
    expect(api.bodiesOf('/api/user/update-billing-name')).toEqual([{ billing_name: 'Walker Trading Ltd.' }]);
    await waitFor(() => expect(screen.getByTestId('billing-name').textContent).toBe('Walker Trading Ltd.'));

    // Escape leaves the name as it was.
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Invoices made out to' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Invoices made out to' }), {
      target: { value: 'Other' },
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Invoices made out to' }), { key: 'Escape' });
    expect(screen.getByTestId('billing-name').textContent).toBe('Walker Trading Ltd.');
    expect(api.bodiesOf('/api/user/update-billing-name')).toHaveLength(1);
  });

  it('shows a member who invoices go to, with nothing to edit', async () => {
    serve(3, false, {
      '/api/user/get-curr-subscription': () => ({
        data: createSubscription(3, false, { billing_name: 'Walker Trading Ltd.' }),
      }),
    });
    await renderPage(<SubscriptionSection />);
    expect((await screen.findByTestId('billing-name')).textContent).toBe('Walker Trading Ltd.');
    expect(screen.queryByRole('button', { name: 'Edit: Invoices made out to' })).toBeNull();
  });
});
