import '../../../test/dom-setup.ts';
import { SUCCESS_RELOAD_MS } from '@tandem/contract/billing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrderInfo } from '../../../test/billing-factories.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { PaymentSuccessDialog } from './payment-result-dialogs.tsx';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the payment success dialog', () => {
  it('shows the plan and its benefits, and reloads the page 5 s after being asked to, not before', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await renderPage(<PaymentSuccessDialog order={createOrderInfo()} onClose={() => {}} />);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Payment successful')).toBeTruthy();
    expect(dialog.getByText('Your team is now on Pro, with:')).toBeTruthy();
    expect(dialog.getByText('A dedicated account manager')).toBeTruthy();
    await pause(SUCCESS_RELOAD_MS + 200);
    expect(reload).not.toHaveBeenCalled();

    fireEvent.click(dialog.getByRole('checkbox', { name: 'Reload the page in 5 seconds' }));
    const askedAt = performance.now();
    expect(dialog.getByRole('status').textContent).toBe('Reloading in 5 s…');
    await waitFor(() => expect(dialog.getByRole('status').textContent).toBe('Reloading in 3 s…'), {
      timeout: SUCCESS_RELOAD_MS,
    });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: SUCCESS_RELOAD_MS * 3 });
    // Node counts a timer from the event loop's clock, which can be a few milliseconds behind the click.
    expect(performance.now() - askedAt).toBeGreaterThanOrEqual(SUCCESS_RELOAD_MS - 50);
  });
});
