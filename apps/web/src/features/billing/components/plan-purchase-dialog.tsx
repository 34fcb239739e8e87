import {
  DEFAULT_PERIOD_TYPE,
  formatMoney,
  PERIOD_TYPES,
  type PeriodType,
  type PlanPackage,
  YEARLY_ONLY_PLAN_IDS,
} from '@tandem/contract/billing';
import { Alert, Button, Modal, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { BenefitList } from './benefit-list.tsx';

/**
 * Plan purchase: a plan above the current one and a cycle, yearly by default;
 * on plan 2 or 3 yearly is forced and the switch is disabled.
 */
export function PlanPurchaseDialog(props: {
  open: boolean;
  plans: PlanPackage[];
  currentPlanId: number;
  initialVerId?: number;
  isPaying: boolean;
  onPay: (planId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const isYearlyForced = YEARLY_ONLY_PLAN_IDS.includes(props.currentPlanId);
  const [period, setPeriod] = useState<PeriodType>(DEFAULT_PERIOD_TYPE);
  const cycle = isYearlyForced ? PERIOD_TYPES.yearly : period;
  const currentSort = props.plans.findIndex((plan) => plan.ver_id === Math.max(props.currentPlanId, 1));
  const choices = props.plans.filter((plan, index) => !plan.is_free && index > currentSort);
  const [chosen, setChosen] = useState<number | undefined>(props.initialVerId ?? choices[0]?.ver_id);
  const [isMissing, setIsMissing] = useState(false);
  const pricing = (plan: PlanPackage) => plan.pricing_plans.find((price) => price.period_type === cycle);
  const selected = choices.find((plan) => plan.ver_id === chosen);
  const price = selected && pricing(selected);

  const pay = () => {
    if (!price) {
      setIsMissing(true);
      return;
    }
    props.onPay(price.plan_id);
  };

  return (
    <Modal
      open={props.open}
      title={t('billing.purchase.title')}
      onCancel={props.onClose}
      destroyOnHidden
      width={640}
      footer={[
        <Button key="cancel" onClick={props.onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="pay" type="primary" loading={props.isPaying} onClick={pay}>
          {price
            ? t('billing.purchase.pay', { amount: formatMoney(price.price, price.currency, locale) })
            : t('billing.purchase.pay_plain')}
        </Button>,
      ]}
    >
      <div className="billing-purchase__cycle">
        <Segmented<PeriodType>
          value={cycle}
          disabled={isYearlyForced}
          onChange={setPeriod}
          options={[
            { value: PERIOD_TYPES.monthly, label: t('billing.monthly') },
            { value: PERIOD_TYPES.yearly, label: t('billing.yearly') },
          ]}
        />
        {isYearlyForced && <span className="billing-muted">{t('billing.purchase.yearly_only')}</span>}
      </div>
      {isMissing && !price && <Alert type="error" showIcon title={t('error.plan_id_missing')} />}
      <div className="billing-purchase__plans">
        {choices.map((plan) => {
          const each = pricing(plan);
          const isChosen = plan.ver_id === chosen;
          return (
            <button
              type="button"
              aria-pressed={isChosen}
              key={plan.ver_id}
              className={`billing-purchase__plan${isChosen ? ' is-chosen' : ''}`}
              onClick={() => {
                setChosen(plan.ver_id);
                setIsMissing(false);
              }}
            >
              <span className="billing-purchase__name">
                {plan.ver_name}
                {each?.recommend ? <Tag color="gold">{t('billing.recommended')}</Tag> : null}
              </span>
              {each && (
                <span className="billing-purchase__price">
                  <strong>{formatMoney(each.price, each.currency, locale)}</strong>
                  <span className="billing-muted">
                    /{t(cycle === 2 ? 'billing.per_year' : 'billing.per_month')}
                  </span>
                  {each.discount_percent > 0 && (
                    <>
                      <s className="billing-muted">
                        {formatMoney(each.original_price, each.currency, locale)}
                      </s>
                      <Tag color="red">{t('billing.discount', { percent: each.discount_percent })}</Tag>
                    </>
                  )}
                </span>
              )}
              <BenefitList benefits={plan.present_benefits} />
            </button>
          );
        })}
      </div>
    </Modal>
  );
}
