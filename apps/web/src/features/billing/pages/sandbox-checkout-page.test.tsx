import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { SandboxCheckoutPage } from './sandbox-checkout-page.tsx';

const DECLINED = {
  status: 402,
  code: 2313,
  msg: 'Your card was declined. Try another card.',
} satisfies FakeAnswer;

// The page leaves for the subscription section once paid: the test records where to.
const assigned: string[] = [];
beforeEach(() => {
  assigned.length = 0;
  vi.stubGlobal('location', { ...window.location, assign: (url: string) => assigned.push(url) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(confirmAnswer: FakeAnswer) {
  return fakeApi({
    '/api/payment/sandbox/session': () => ({
      data: {
        session_id: 'cs_sbx_1',
        order_no: 'ORD7',
        plan_name: 'Standard',
        period_type: 2,
        amount: 95000,
        currency: 'CNY',
        status: 'open',
      },
    }),
    '/api/payment/sandbox/pay': () => ({
      data: { status: 'requires_action', order_no: 'ORD7', action_token: 'act_1' },
    }),
    '/api/payment/sandbox/confirm-payment': () => confirmAnswer,
  });
}

/** Pays with the test card that asks for a confirmation, and answers the confirmation dialog. */
async function payWithConfirmationCard() {
  await renderPage(<SandboxCheckoutPage />, {
    path: '/pay/sandbox/cs_sbx_1',
    route: '/pay/sandbox/:session_id',
  });
  fireEvent.change(await screen.findByLabelText('Cardholder name'), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4000 0025 0000 3155' } });
  fireEvent.change(screen.getByLabelText('Expiry'), { target: { value: '12/39' } });
  fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
  fireEvent.click(screen.getByRole('button', { name: /Pay ¥950.00/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment' });
  return within(dialog);
}

describe('the sandbox checkout page', () => {
  it('pays with the confirmation card once the payment is approved, and goes back to the order', async () => {
    const api = serve({ data: { status: 'succeeded', order_no: 'ORD7' } });
    const dialog = await payWithConfirmationCard();
    expect(api.bodiesOf('/api/payment/sandbox/pay')).toEqual([
      {
        session_id: 'cs_sbx_1',
        name: 'Ada',
        card_number: '4000002500003155',
        exp_month: 12,
        exp_year: 2039,
        cvc: '123',
      },
    ]);
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(assigned).toEqual(['/user-center/user-set?section=subscription&order_no=ORD7']),
    );
    expect(api.bodiesOf('/api/payment/sandbox/confirm-payment')).toEqual([
      { session_id: 'cs_sbx_1', action_token: 'act_1', approve: true },
    ]);
  });

  it('leaves the order unpaid when the payment is refused, says so, and lets the card be tried again', async () => {
    const api = serve(DECLINED);
    const dialog = await payWithConfirmationCard();
    fireEvent.click(dialog.getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Your card was declined. Try another card.')).toBeTruthy();
    expect(api.bodiesOf('/api/payment/sandbox/confirm-payment')).toEqual([
      { session_id: 'cs_sbx_1', action_token: 'act_1', approve: false },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(assigned).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Pay ¥950.00/ }));
    await waitFor(() => expect(api.bodiesOf('/api/payment/sandbox/pay')).toHaveLength(2));
  });
});
