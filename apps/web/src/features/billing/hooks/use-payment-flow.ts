import {
  ORDER_POLL_INTERVAL_MS,
  ORDER_POLL_MAX,
  ORDER_STATUS,
  type OrderInfo,
} from '@tandem/contract/billing';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BILLING_KEY, createCheckoutSession, orderInfo } from '../api/billing.ts';

/** A payment's phases: processing, success, unfinished (repay), cancelled, status query timeout. */
export type PaymentPhase =
  | 'idle'
  | 'processing'
  | 'success'
  | 'cancelled'
  | 'timeout'
  | 'unfinished'
  | 'failed';

/** The hosted checkout this tab left for, so coming back (back button, another visit) finds it. */
const PENDING_KEY = 'tandem.billing.pending-checkout';
type Pending = { orderNo: string; checkoutUrl: string };

const readPending = (): Pending | undefined => {
  try {
    return JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
};
const forgetPending = () => sessionStorage.removeItem(PENDING_KEY);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Buying a plan: a team without a paid subscription goes to the provider's hosted checkout; otherwise
 * (and on the way back from the checkout) the order is polled once a second, at most ten times.
 */
export function usePaymentFlow() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [order, setOrder] = useState<OrderInfo>();
  const [pending, setPending] = useState<Pending | undefined>(readPending);
  const [params, setParams] = useSearchParams();
  const polling = useRef(0);

  const poll = useCallback(
    async (orderNo: string) => {
      const run = ++polling.current;
      setPhase('processing');
      for (let attempt = 0; attempt < ORDER_POLL_MAX; attempt++) {
        if (attempt > 0) await wait(ORDER_POLL_INTERVAL_MS);
        if (run !== polling.current) return;
        const info = await orderInfo(orderNo).catch(() => undefined);
        if (run !== polling.current) return;
        if (info?.order_status === ORDER_STATUS.paid) {
          forgetPending();
          setPending(undefined);
          setOrder(info);
          setPhase('success');
          await queryClient.invalidateQueries({ queryKey: BILLING_KEY });
          return;
        }
        if (info?.order_status === ORDER_STATUS.cancelled) {
          forgetPending();
          setPending(undefined);
          setPhase('cancelled');
          await queryClient.invalidateQueries({ queryKey: BILLING_KEY });
          return;
        }
      }
      setPhase('timeout');
    },
    [queryClient],
  );

  const start = useCallback(
    async (planId: number, quoteAt?: number) => {
      setPhase('processing');
      try {
        const opened = await createCheckoutSession(planId, quoteAt);
        if (opened.checkout_url) {
          const next = { orderNo: opened.order.order_no, checkoutUrl: opened.checkout_url };
          sessionStorage.setItem(PENDING_KEY, JSON.stringify(next));
          setPending(next);
          location.assign(opened.checkout_url);
          return;
        }
        await poll(opened.order.order_no);
      } catch {
        setPhase('failed');
      }
    },
    [poll],
  );

  /** The page is shown again while a checkout is still unpaid: say so, and offer to pay again. */
  const checkPending = useCallback(async () => {
    const left = readPending();
    if (!left) return;
    const info = await orderInfo(left.orderNo).catch(() => undefined);
    if (!info) return;
    if (info.order_status === ORDER_STATUS.pending) {
      setPhase((current) => (current === 'processing' ? current : 'unfinished'));
      return;
    }
    forgetPending();
    setPending(undefined);
    if (info.order_status === ORDER_STATUS.paid) {
      setOrder(info);
      setPhase('success');
      await queryClient.invalidateQueries({ queryKey: BILLING_KEY });
    }
  }, [queryClient]);

  // Back from the hosted checkout (`?order_no=`): poll that order.
  const returnedOrder = params.get('order_no');
  useEffect(() => {
    if (!returnedOrder) return;
    setParams(
      (current) => {
        current.delete('order_no');
        return current;
      },
      { replace: true },
    );
    void poll(returnedOrder);
  }, [returnedOrder, poll, setParams]);

  useEffect(() => {
    if (!returnedOrder) void checkPending();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void checkPending();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pageshow', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', onVisible);
    };
  }, [checkPending, returnedOrder]);

  // Leaving the page stops a poll.
  useEffect(
    () => () => {
      polling.current += 1;
    },
    [],
  );

  const repay = useCallback(() => {
    if (pending) location.assign(pending.checkoutUrl);
  }, [pending]);

  const dismiss = useCallback(() => {
    if (phase === 'unfinished') {
      forgetPending();
      setPending(undefined);
    }
    setPhase('idle');
  }, [phase]);

  return { phase, order, start, repay, dismiss, hasPending: Boolean(pending) };
}
