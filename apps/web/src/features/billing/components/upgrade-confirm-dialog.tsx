import { CreditCardOutlined } from '@ant-design/icons';
import { formatMoney, type PlanChangePreview } from '@tandem/contract/billing';
import { formatDate } from '@tandem/contract/date-format';
import { Alert, Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';

/**
 * The last step before an upgrade is charged to the saved card: which card, the new plan's price, the
 * credit for the unused part of the current period, and what is taken now. Nothing is charged before
 * "Pay" here.
 */
export function UpgradeConfirmDialog(props: {
  preview: PlanChangePreview;
  isPaying: boolean;
  onConfirm: () => void;
  onAddCard: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { preview } = props;
  const money = (amount: number) => formatMoney(amount, preview.currency, locale);
  const cycle = t(preview.period_type === 2 ? 'billing.yearly' : 'billing.monthly');
  const isCardUsable = preview.card !== null && preview.card.status === 0;
  return (
    <Modal
      open
      title={t('billing.confirm.title')}
      onCancel={props.onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={props.onClose}>
          {t('common.cancel')}
        </Button>,
        isCardUsable ? (
          <Button key="pay" type="primary" loading={props.isPaying} onClick={props.onConfirm}>
            {t('billing.confirm.pay', { amount: money(preview.amount_due) })}
          </Button>
        ) : (
          <Button key="card" type="primary" onClick={props.onAddCard}>
            {t('billing.confirm.add_card')}
          </Button>
        ),
      ]}
    >
      <p>
        {t('billing.confirm.text', {
          plan: preview.ver_name,
          cycle,
          date: formatDate(preview.period_end, locale),
        })}
      </p>
      <dl className="billing-confirm">
        <dt>{t('billing.confirm.card')}</dt>
        <dd data-testid="confirm-card">
          {preview.card ? (
            <>
              <CreditCardOutlined />{' '}
              {t('billing.confirm.card_value', {
                brand: preview.card.card_brand.toUpperCase(),
                last4: preview.card.card_last4,
              })}
            </>
          ) : (
            t('billing.sub.no_card')
          )}
        </dd>
        <dt>{t('billing.confirm.price', { plan: preview.ver_name })}</dt>
        <dd>{money(preview.price)}</dd>
        <dt>{t('billing.confirm.credit')}</dt>
        <dd>−{money(preview.credit)}</dd>
        <dt className="billing-confirm__due">{t('billing.confirm.due')}</dt>
        <dd className="billing-confirm__due">{money(preview.amount_due)}</dd>
      </dl>
      {!isCardUsable && <Alert type="warning" showIcon title={t('billing.confirm.no_card')} />}
    </Modal>
  );
}
