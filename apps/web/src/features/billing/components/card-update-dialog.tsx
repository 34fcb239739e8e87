import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Skeleton } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/http-client.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import {
  createSetupIntent,
  paymentKey,
  paymentMethodQuery,
  sandboxConfirmSetup,
  updatePaymentMethod,
} from '../api/billing.ts';
import { CardFields, type CardValues, showCardError, toCardInput } from './card-fields.tsx';
import { type ConfirmStripeSetup, StripeCardForm, StripeFieldError } from './stripe-card-form.tsx';

type Setup =
  | { state: 'loading' }
  | { state: 'ready'; clientSecret: string }
  | { state: 'stripe'; clientSecret: string; publishableKey: string }
  | { state: 'failed'; message: string };

/**
 * Card update: the provider's key, a setup intent, the card confirmed with the
 * provider (the sandbox's form, or Stripe Elements), then saved as the team's default.
 */
export function CardUpdateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CardValues>();
  const [setup, setSetup] = useState<Setup>({ state: 'loading' });
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (!open) return;
    let isCurrent = true;
    setSetup({ state: 'loading' });
    setFailure(undefined);
    (async () => {
      const key = await paymentKey().catch(() => undefined);
      if (!key) return { state: 'failed' as const, message: t('error.payment_config_failed') };
      const intent = await createSetupIntent().catch(() => undefined);
      if (!intent) return { state: 'failed' as const, message: t('error.setup_intent_failed') };
      if (key.provider === 'stripe') {
        const { client_secret: clientSecret } = intent;
        return { state: 'stripe' as const, clientSecret, publishableKey: key.publishable_key };
      }
      return { state: 'ready' as const, clientSecret: intent.client_secret };
    })().then((next) => {
      if (isCurrent) setSetup(next);
    });
    return () => {
      isCurrent = false;
    };
  }, [open, t]);

  const stripeConfirm = useRef<ConfirmStripeSetup>(undefined);
  const onStripeReady = useCallback((confirm: ConfirmStripeSetup) => {
    stripeConfirm.current = confirm;
  }, []);

  async function save(values: CardValues | undefined) {
    setIsSaving(true);
    setFailure(undefined);
    try {
      let paymentMethodId: string;
      if (setup.state === 'stripe' && stripeConfirm.current) paymentMethodId = await stripeConfirm.current();
      else if (setup.state === 'ready' && values) {
        paymentMethodId = (await sandboxConfirmSetup(setup.clientSecret, toCardInput(values)))
          .payment_method_id;
      } else return;
      await updatePaymentMethod(paymentMethodId);
      await queryClient.invalidateQueries({ queryKey: paymentMethodQuery.queryKey });
      showNotice({ key: 'billing.card.saved' }, 'success');
      onClose();
    } catch (error) {
      // Our calls' localised messages; Stripe's own words about its fields.
      let message = t('error.payment_method_update_failed');
      if (error instanceof ApiError && error.code !== undefined) message = error.message;
      else if (error instanceof StripeFieldError) message = error.stripeMessage ?? t('error.payment_error');
      if (!showCardError(form, error, message)) setFailure(message);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('billing.card.update_title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={isSaving}
          disabled={setup.state !== 'ready' && setup.state !== 'stripe'}
          onClick={() => (setup.state === 'stripe' ? void save(undefined) : form.submit())}
        >
          {t('billing.card.save')}
        </Button>,
      ]}
    >
      {setup.state === 'loading' && <Skeleton active />}
      {setup.state === 'failed' && <Alert type="error" showIcon title={setup.message} />}
      {failure && <Alert type="error" showIcon title={failure} className="billing-checkout__failure" />}
      {setup.state === 'stripe' && (
        <StripeCardForm
          publishableKey={setup.publishableKey}
          clientSecret={setup.clientSecret}
          onReady={onStripeReady}
        />
      )}
      {setup.state === 'ready' && (
        <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
          <CardFields />
        </Form>
      )}
    </Modal>
  );
}
