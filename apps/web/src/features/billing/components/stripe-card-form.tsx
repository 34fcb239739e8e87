import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { Alert, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';

/** Stripe's own words about the card (shown as they are), or none. */
export class StripeFieldError extends Error {
  constructor(readonly stripeMessage: string | undefined) {
    super(stripeMessage ?? 'Stripe refused the card');
  }
}

/** Confirms the setup intent with Stripe; answers the new payment method's id. */
export type ConfirmStripeSetup = () => Promise<string>;

/**
 * Stripe's own card fields (Stripe Elements) for a setup intent. Stripe.js is fetched from Stripe
 * only here, when Stripe is the provider (`@stripe/stripe-js/pure` loads nothing until asked).
 */
export function StripeCardForm(props: {
  publishableKey: string;
  clientSecret: string;
  onReady: (confirm: ConfirmStripeSetup) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const { publishableKey, clientSecret, onReady } = props;

  useEffect(() => {
    let isCurrent = true;
    let elements: StripeElements | undefined;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const stripe: Stripe | null = await loadStripe(publishableKey);
      if (!stripe || !isCurrent || !box.current) throw new Error('Stripe.js did not load');
      elements = stripe.elements({ clientSecret, locale: locale.toLowerCase() as 'auto' });
      const fields = elements.create('payment');
      fields.mount(box.current);
      const ready = elements;
      onReady(async () => {
        const result = await stripe.confirmSetup({ elements: ready, redirect: 'if_required' });
        if (result.error) throw new StripeFieldError(result.error.message);
        const method = result.setupIntent.payment_method;
        return typeof method === 'string' ? method : (method?.id ?? '');
      });
      setState('ready');
    })().catch(() => {
      if (isCurrent) setState('failed');
    });
    return () => {
      isCurrent = false;
      elements?.getElement('payment')?.destroy();
    };
  }, [publishableKey, clientSecret, locale, onReady]);

  return (
    <>
      {state === 'loading' && <Skeleton active />}
      {state === 'failed' && <Alert type="error" showIcon title={t('error.payment_config_failed')} />}
      <div ref={box} />
    </>
  );
}
