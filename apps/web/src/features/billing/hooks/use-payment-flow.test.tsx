import '../../../test/dom-setup.ts';
import { ORDER_POLL_INTERVAL_MS, ORDER_POLL_MAX } from '@tandem/contract/billing';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createOrderInfo } from '../../../test/billing-factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { PaymentStatus } from '../components/payment-result-dialogs.tsx';
import { usePaymentFlow } from './use-payment-flow.ts';

const TIMEOUT = 'Checking the payment took too long; look at the bills again in a moment.';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The flow as the subscription section shows it: its status above a buy button for pro yearly (42). */
function Purchase() {
  const payment = usePaymentFlow();
  return (
    <>
      <PaymentStatus phase={payment.phase} onRepay={payment.repay} onDismiss={payment.dismiss} />
      <button type="button" onClick={() => void payment.start(42)}>
        Buy
      </button>
    </>
  );
}

/** Serves the order's info with `status`, noting when each poll came. */
function serveOrder(status: number) {
  const polledAt: number[] = [];
  fakeApi({
    '/api/user/create-checkout-session': () => ({
      data: { order: { order_no: 'ORD1' }, checkout_url: null },
    }),
    '/api/order/get-order-info': () => {
      polledAt.push(performance.now());
      return { data: createOrderInfo({ order_status: status }) };
    },
  });
  return polledAt;
}

describe('the purchase flow', () => {
  it('polls the unpaid order of a subscription change once a second, ten times at most, then says it took too long', async () => {
    const polledAt = serveOrder(0);
    await renderPage(<Purchase />);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy' }));
    expect(await screen.findByText('Confirming the payment…')).toBeTruthy();
    expect(await screen.findByText(TIMEOUT, {}, { timeout: 30_000 })).toBeTruthy();
    expect(polledAt).toHaveLength(ORDER_POLL_MAX);
    // Node counts a timer from the event loop's clock, which can be a few milliseconds behind the call.
    const gaps = polledAt.slice(1).map((at, index) => at - (polledAt[index] ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(ORDER_POLL_INTERVAL_MS - 50);
    await pause(ORDER_POLL_INTERVAL_MS + 200);
    expect(polledAt).toHaveLength(ORDER_POLL_MAX);
  });

  it('back from the checkout with a cancelled order, says so and stops polling', async () => {
    const polledAt = serveOrder(2);
    const { router } = await renderPage(<Purchase />, { path: '/?order_no=ORD1', route: '/' });
    expect(await screen.findByText('The order was cancelled.')).toBeTruthy();
    expect(screen.queryByText(TIMEOUT)).toBeNull();
    expect(router.state.location.search).toBe('');
    await pause(ORDER_POLL_INTERVAL_MS + 200);
    expect(polledAt).toHaveLength(1);
  });
});
