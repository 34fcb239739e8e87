import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
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

type Setup =
  | { state: 'loading' }
  | { state: 'ready'; clientSecret: string }
  | { state: 'failed'; message: string };

/**
 * Card update (spec part B section 4): the provider's key, a setup intent, the card confirmed with the
 * provider, then saved as the team's default.
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
      if (key.provider !== 'sandbox')
        return { state: 'failed' as const, message: t('billing.card.stripe_elsewhere') };
      const intent = await createSetupIntent().catch(() => undefined);
      if (!intent) return { state: 'failed' as const, message: t('error.setup_intent_failed') };
      return { state: 'ready' as const, clientSecret: intent.client_secret };
    })().then((next) => {
      if (isCurrent) setSetup(next);
    });
    return () => {
      isCurrent = false;
    };
  }, [open, t]);

  async function save(values: CardValues) {
    if (setup.state !== 'ready') return;
    setIsSaving(true);
    setFailure(undefined);
    try {
      const { payment_method_id } = await sandboxConfirmSetup(setup.clientSecret, toCardInput(values));
      await updatePaymentMethod(payment_method_id);
      await queryClient.invalidateQueries({ queryKey: paymentMethodQuery.queryKey });
      showNotice({ key: 'billing.card.saved' }, 'success');
      onClose();
    } catch (error) {
      const message =
        error instanceof ApiError && error.code !== undefined
          ? error.message
          : t('error.payment_method_update_failed');
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
          disabled={setup.state !== 'ready'}
          onClick={form.submit}
        >
          {t('billing.card.save')}
        </Button>,
      ]}
    >
      {setup.state === 'loading' && <Skeleton active />}
      {setup.state === 'failed' && <Alert type="error" showIcon title={setup.message} />}
      {failure && <Alert type="error" showIcon title={failure} className="billing-checkout__failure" />}
      {setup.state === 'ready' && (
        <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
          <CardFields />
        </Form>
      )}
    </Modal>
  );
}
