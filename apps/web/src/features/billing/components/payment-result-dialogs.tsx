import { type OrderInfo, SUCCESS_RELOAD_MS } from '@tandem/contract/billing';
import { Alert, Button, Checkbox, Modal, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentPhase } from '../hooks/use-payment-flow.ts';
import { BenefitList } from './benefit-list.tsx';

/** The payment success dialog: the plan and its benefits; reloads after 5 s when asked to. */
export function PaymentSuccessDialog({
  order,
  onClose,
}: {
  order: OrderInfo | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [isReloading, setIsReloading] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(SUCCESS_RELOAD_MS / 1000);
  useEffect(() => {
    if (!isReloading) return;
    const startedAt = Date.now();
    setSecondsLeft(SUCCESS_RELOAD_MS / 1000);
    const tick = setInterval(
      () => setSecondsLeft(Math.max(0, Math.ceil((SUCCESS_RELOAD_MS - (Date.now() - startedAt)) / 1000))),
      250,
    );
    const timer = setTimeout(() => location.reload(), SUCCESS_RELOAD_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [isReloading]);
  return (
    <Modal open={Boolean(order)} onCancel={onClose} footer={null} destroyOnHidden>
      <Result
        status="success"
        title={t('billing.success.title')}
        subTitle={t('billing.success.plan', { plan: order?.plan_name ?? '' })}
        extra={[
          <Button key="ok" type="primary" onClick={onClose}>
            {t('billing.success.done')}
          </Button>,
        ]}
      >
        <BenefitList benefits={order?.ver.present_benefits ?? []} />
        <Checkbox checked={isReloading} onChange={(event) => setIsReloading(event.target.checked)}>
          {t('billing.success.reload')}
        </Checkbox>
        {isReloading && (
          <div className="billing-muted" role="status">
            {t('billing.notice.reloading', { seconds: secondsLeft })}
          </div>
        )}
      </Result>
    </Modal>
  );
}

/** Processing, cancelled, timeout, unfinished (repay) and failure, shown above the plans. */
export function PaymentStatus(props: { phase: PaymentPhase; onRepay: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { phase } = props;
  if (phase === 'processing') return <Alert type="info" showIcon title={t('billing.status.processing')} />;
  if (phase === 'cancelled')
    return (
      <Alert
        type="warning"
        showIcon
        closable
        onClose={props.onDismiss}
        title={t('billing.status.cancelled')}
      />
    );
  if (phase === 'timeout')
    return (
      <Alert type="warning" showIcon closable onClose={props.onDismiss} title={t('billing.status.timeout')} />
    );
  if (phase === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        closable
        onClose={props.onDismiss}
        title={t('error.payment_session_failed')}
      />
    );
  if (phase === 'unfinished') {
    return (
      <Alert
        type="error"
        showIcon
        closable
        onClose={props.onDismiss}
        title={t('billing.status.unfinished')}
        action={
          <Button size="small" type="primary" onClick={props.onRepay}>
            {t('billing.status.repay')}
          </Button>
        }
      />
    );
  }
  return null;
}
