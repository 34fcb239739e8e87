import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { CardUpdateDialog } from './card-update-dialog.tsx';

// Stripe.js comes from js.stripe.com at run time: the test stands in for it.
const stripeJs = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmSetup: vi.fn(),
  mount: vi.fn(),
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeJs.loadStripe }));
beforeEach(() => {
  for (const mock of Object.values(stripeJs)) mock.mockReset();
});

const serve = (provider: 'sandbox' | 'stripe', extra: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    '/api/user/get-stripe-key': () => ({ data: { provider, publishable_key: `pk_${provider}` } }),
    '/api/user/create-setup-intent': () => ({ data: { client_secret: 'seti_1_secret_x' } }),
    '/api/user/update-payment-method': () => ({ data: null }),
    '/api/user/get-default-payment-method': () => ({ data: null }),
    ...extra,
  });

describe('updating the card', () => {
  it('with the sandbox: checks the fields, confirms the setup, saves the method', async () => {
    const api = serve('sandbox', {
      '/api/payment/sandbox/confirm-setup': () => ({ data: { payment_method_id: 'pm_sbx_1' } }),
    });
    await renderPage(<CardUpdateDialog open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText('Card number'), {
      target: { value: '4242424242424241' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText('Enter a valid card number.')).toBeTruthy();
    expect(await within(dialog).findByText("Enter the cardholder's name.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Cardholder name'), { target: { value: 'Ada' } });
    fireEvent.change(within(dialog).getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(within(dialog).getByLabelText('Expiry'), { target: { value: '12/39' } });
    fireEvent.change(within(dialog).getByLabelText('Security code'), { target: { value: '123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(api.bodiesOf('/api/user/update-payment-method')).toEqual([{ payment_method_id: 'pm_sbx_1' }]),
    );
    expect(api.bodiesOf('/api/payment/sandbox/confirm-setup')).toEqual([
      {
        client_secret: 'seti_1_secret_x',
        name: 'Ada',
        card_number: '4242424242424242',
        exp_month: 12,
        exp_year: 2039,
        cvc: '123',
      },
    ]);
    expect(stripeJs.loadStripe).not.toHaveBeenCalled();
  });

  it('with Stripe: loads Stripe.js only then, confirms the setup with Stripe, saves its method', async () => {
    stripeJs.confirmSetup.mockResolvedValue({ setupIntent: { payment_method: 'pm_stripe_1' } });
    stripeJs.loadStripe.mockResolvedValue({
      elements: () => ({ create: () => ({ mount: stripeJs.mount }), getElement: () => null }),
      confirmSetup: stripeJs.confirmSetup,
    });
    const api = serve('stripe');
    await renderPage(<CardUpdateDialog open onClose={() => {}} />);
    await waitFor(() => expect(stripeJs.loadStripe).toHaveBeenCalled());
    await waitFor(() => expect(stripeJs.mount).toHaveBeenCalled());
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_stripe');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(api.bodiesOf('/api/user/update-payment-method')).toEqual([{ payment_method_id: 'pm_stripe_1' }]),
    );
  });

  it('with Stripe: shows what Stripe says of a refused card, and saves nothing', async () => {
    stripeJs.confirmSetup.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    stripeJs.loadStripe.mockResolvedValue({
      elements: () => ({ create: () => ({ mount: stripeJs.mount }), getElement: () => null }),
      confirmSetup: stripeJs.confirmSetup,
    });
    const api = serve('stripe');
    await renderPage(<CardUpdateDialog open onClose={() => {}} />);
    await waitFor(() => expect(stripeJs.mount).toHaveBeenCalled());
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(api.bodiesOf('/api/user/update-payment-method')).toEqual([]);
  });
});
