import { CANCEL_REASON_TEXT_MAX, CANCEL_REASONS, type CancelReason } from '@tandem/contract/billing';
import { Alert, Button, Input, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Turning auto-renewal off: first the offer of a discount on the next
 * renewal, then the reason; nothing changes until the cancel is confirmed.
 */
export function CancelSubscriptionDialog(props: {
  open: boolean;
  discountPercent: number;
  /** The offer is for the next renewal: a month on a monthly plan, a year on a yearly one. */
  periodType: number;
  endsAt: string;
  isBusy: boolean;
  onAcceptOffer: () => void;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'offer' | 'reason'>(props.discountPercent > 0 ? 'offer' : 'reason');
  const [reason, setReason] = useState<CancelReason>();
  const [other, setOther] = useState('');
  const isOtherMissing = reason === 'other' && !other.trim();
  const confirm = () => {
    if (!reason || isOtherMissing) return;
    props.onConfirm(reason === 'other' ? `other: ${other.trim()}` : reason);
  };
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
      title={t('billing.cancel.title')}
      footer={
        step === 'offer'
          ? [
              <Button key="continue" onClick={() => setStep('reason')}>
                {t('billing.cancel.continue')}
              </Button>,
              <Button key="accept" type="primary" loading={props.isBusy} onClick={props.onAcceptOffer}>
                {t('billing.cancel.accept_offer')}
              </Button>,
            ]
          : [
              <Button key="keep" onClick={props.onClose}>
                {t('billing.cancel.keep')}
              </Button>,
              <Button
                key="confirm"
                danger
                type="primary"
                loading={props.isBusy}
                disabled={!reason || isOtherMissing}
                onClick={confirm}
              >
                {t('billing.cancel.confirm')}
              </Button>,
            ]
      }
    >
      {step === 'offer' ? (
        <Alert
          type="success"
          showIcon
          title={t('billing.cancel.offer_title', { percent: props.discountPercent })}
          description={t(
            props.periodType === 1 ? 'billing.notice.offer_text_monthly' : 'billing.cancel.offer_text',
            {
              percent: props.discountPercent,
            },
          )}
        />
      ) : (
        <>
          <p>{t('billing.cancel.explain', { date: props.endsAt })}</p>
          <p>
            <strong>{t('billing.cancel.why')}</strong>
          </p>
          <Radio.Group value={reason} onChange={(event) => setReason(event.target.value)}>
            <Space orientation="vertical">
              {CANCEL_REASONS.map((each) => (
                <Radio key={each} value={each}>
                  {t(`billing.cancel.reason_${each}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
          {reason === 'other' && (
            <Input.TextArea
              className="billing-cancel__other"
              aria-label={t('billing.cancel.reason_other_text')}
              placeholder={t('billing.cancel.reason_other_text')}
              value={other}
              maxLength={CANCEL_REASON_TEXT_MAX}
              showCount
              onChange={(event) => setOther(event.target.value)}
            />
          )}
        </>
      )}
    </Modal>
  );
}
