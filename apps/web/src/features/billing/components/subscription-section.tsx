import { CreditCardOutlined } from '@ant-design/icons';
import {
  formatMoney,
  type PlanChangePreview,
  type PlanPackage,
  SUBSCRIPTION_STATUS,
  TOP_PLAN_ID,
  YEARLY_ONLY_PLAN_IDS,
} from '@tandem/contract/billing';
import { formatDateTime } from '@tandem/contract/date-format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Skeleton, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import {
  allPlansQuery,
  BILLING_KEY,
  currentPlanQuery,
  handleSubscription,
  paymentMethodQuery,
  previewPlanChange,
  subscriptionQuery,
} from '../api/billing.ts';
import { usePaymentFlow } from '../hooks/use-payment-flow.ts';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';
import { CardUpdateDialog } from './card-update-dialog.tsx';
import { PaymentStatus, PaymentSuccessDialog } from './payment-result-dialogs.tsx';
import { PlanPurchaseDialog } from './plan-purchase-dialog.tsx';
import { UpgradeConfirmDialog } from './upgrade-confirm-dialog.tsx';
import { UsageBars } from './usage-bars.tsx';
import './billing.css';
import { BenefitList } from './benefit-list.tsx';
import { BillingName } from './billing-name.tsx';

/** The subscription section of the account centre: the free view or the paid view. */
export function SubscriptionSection() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const queryClient = useQueryClient();
  const plan = useQuery(currentPlanQuery);
  const plans = useQuery(allPlansQuery);
  const subscription = useQuery(subscriptionQuery);
  const card = useQuery(paymentMethodQuery);
  const payment = usePaymentFlow();
  const [purchaseFor, setPurchaseFor] = useState<number | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);
  const [isCardOpen, setIsCardOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [upgrade, setUpgrade] = useState<PlanChangePreview>();

  if (plan.isPending || subscription.isPending || plans.isPending) return <Skeleton active />;
  if (plan.isError || subscription.isError || plans.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('billing.load_failed')}
        action={
          <Button onClick={() => void queryClient.invalidateQueries({ queryKey: BILLING_KEY })}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const sub = subscription.data;
  const canManage = sub.can_manage_billing;
  const isPaid = sub.plan_id > 0;
  const canUpgrade = canManage && plan.data.ver_id < TOP_PLAN_ID;
  const money = (amount: number) => formatMoney(amount, sub.currency, locale);

  const change = async (action: 'cancel' | 'renew', reason: string | number) => {
    setIsBusy(true);
    try {
      await handleSubscription(action, reason);
      setIsCancelling(false);
      showNotice(
        action === 'cancel'
          ? { key: 'billing.notice.renew_off', values: { date: formatDateTime(sub.ends_at ?? '', locale) } }
          : reason === 'discount'
            ? { key: 'billing.notice.offer_taken', values: { percent: sub.discount_percent } }
            : { key: 'billing.notice.renew_on' },
        'success',
      );
    } finally {
      setIsBusy(false);
      await queryClient.invalidateQueries({ queryKey: BILLING_KEY });
    }
  };

  const billingNameItem = {
    key: 'billing-name',
    label: t('billing.sub.billing_name'),
    children: <BillingName name={sub.billing_name} canEdit={canManage} />,
  };
  const paidItems = [
    {
      key: 'cycle',
      label: t('billing.sub.cycle'),
      children: t(sub.period_type === 2 ? 'billing.yearly' : 'billing.monthly'),
    },
    {
      key: 'status',
      label: t('billing.sub.status'),
      children:
        sub.status === SUBSCRIPTION_STATUS.active ? (
          <Tag color="green">{t('billing.sub.valid')}</Tag>
        ) : (
          <span>
            <Tag color="orange">{t('billing.sub.expiring')}</Tag>
            {t('billing.sub.ends_at', { date: formatDateTime(sub.ends_at ?? '', locale) })}
          </span>
        ),
    },
    ...(sub.next_billing_date
      ? [
          {
            key: 'next',
            label: t('billing.sub.next_payment'),
            children: t('billing.sub.next_payment_value', {
              date: formatDateTime(sub.next_billing_date, locale),
              amount: money(sub.next_billing_amount),
            }),
          },
        ]
      : []),
    {
      key: 'card',
      label: t('billing.sub.card'),
      children: card.data ? (
        <span data-testid="saved-card">
          <CreditCardOutlined /> {card.data.card_brand.toUpperCase()} •••• {card.data.card_last4} (
          {String(card.data.card_exp_month).padStart(2, '0')}/{card.data.card_exp_year})
          {card.data.status !== 0 && <Tag color="red">{t('billing.sub.card_expired')}</Tag>}
        </span>
      ) : (
        t('billing.sub.no_card')
      ),
    },
    {
      key: 'renew',
      label: t('billing.sub.auto_renew'),
      children: (
        <Switch
          checked={sub.auto_renew === 1}
          disabled={!canManage}
          loading={isBusy}
          aria-label={t('billing.sub.auto_renew')}
          onChange={(isOn) => (isOn ? void change('renew', 1) : setIsCancelling(true))}
        />
      ),
    },
    billingNameItem,
  ];

  return (
    <div className="billing-section">
      <PaymentStatus phase={payment.phase} onRepay={payment.repay} onDismiss={payment.dismiss} />
      <Card
        size="small"
        title={
          <span>
            {t('billing.sub.current_plan')}{' '}
            <Tag color={isPaid ? 'gold' : 'default'}>{plan.data.ver_name}</Tag>
          </span>
        }
      >
        {isPaid ? (
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" items={paidItems} />
        ) : (
          <>
            <p className="billing-muted">{plan.data.desc}</p>
            {canManage && <Descriptions column={1} size="small" items={[billingNameItem]} />}
          </>
        )}
        <UsageBars plan={plan.data} />
        {canManage ? (
          <div className="billing-actions">
            {isPaid && (
              <Button icon={<CreditCardOutlined />} onClick={() => setIsCardOpen(true)}>
                {t('billing.sub.change_card')}
              </Button>
            )}
            {isPaid && sub.status === SUBSCRIPTION_STATUS.expiring && (
              <Button onClick={() => void change('renew', 1)} loading={isBusy}>
                {t('billing.sub.restore')}
              </Button>
            )}
            {canUpgrade && (
              <Button type="primary" onClick={() => setPurchaseFor(0)}>
                {t('billing.upgrade')}
              </Button>
            )}
          </div>
        ) : (
          <Alert type="info" showIcon title={t('billing.owner_only')} />
        )}
      </Card>
      <div className="billing-plans">
        {plans.data.map((each) => (
          <PlanCard
            key={each.ver_id}
            plan={each}
            isCurrent={each.ver_id === plan.data.ver_id}
            isYearlyForced={YEARLY_ONLY_PLAN_IDS.includes(sub.plan_id)}
            canBuy={canUpgrade && !each.is_free && each.ver_id > plan.data.ver_id}
            onBuy={() => setPurchaseFor(each.ver_id)}
          />
        ))}
      </div>
      {purchaseFor !== null && (
        <PlanPurchaseDialog
          open
          plans={plans.data}
          currentPlanId={sub.plan_id}
          initialVerId={purchaseFor || undefined}
          isPaying={payment.phase === 'processing' || isBusy}
          onPay={(planId) => {
            if (!isPaid) {
              void payment.start(planId).then(() => setPurchaseFor(null));
              return;
            }
            // A running subscription is charged to the saved card: only after its confirmation.
            setIsBusy(true);
            previewPlanChange(planId)
              .then(setUpgrade)
              .catch(() => undefined)
              .finally(() => setIsBusy(false));
          }}
          onClose={() => setPurchaseFor(null)}
        />
      )}
      {upgrade && (
        <UpgradeConfirmDialog
          preview={upgrade}
          isPaying={payment.phase === 'processing'}
          onConfirm={() => {
            void payment.start(upgrade.plan_id, upgrade.quote_at).then(() => {
              setUpgrade(undefined);
              setPurchaseFor(null);
            });
          }}
          onAddCard={() => {
            setUpgrade(undefined);
            setIsCardOpen(true);
          }}
          onClose={() => setUpgrade(undefined)}
        />
      )}
      <PaymentSuccessDialog
        order={payment.phase === 'success' ? payment.order : undefined}
        onClose={payment.dismiss}
      />
      {isCancelling && (
        <CancelSubscriptionDialog
          open
          discountPercent={sub.discount_percent}
          periodType={sub.period_type}
          endsAt={sub.ends_at ? formatDateTime(sub.ends_at, locale) : ''}
          isBusy={isBusy}
          onAcceptOffer={() => void change('renew', 'discount')}
          onConfirm={(reason) => void change('cancel', reason)}
          onClose={() => setIsCancelling(false)}
        />
      )}
      <CardUpdateDialog open={isCardOpen} onClose={() => setIsCardOpen(false)} />
    </div>
  );
}

function PlanCard(props: {
  plan: PlanPackage;
  isCurrent: boolean;
  /** The team can only buy yearly: the card shows the yearly price, the one that will be charged. */
  isYearlyForced: boolean;
  canBuy: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { plan } = props;
  const yearly = plan.pricing_plans.find((price) => price.period_type === 2);
  const monthly = props.isYearlyForced
    ? undefined
    : plan.pricing_plans.find((price) => price.period_type === 1);
  return (
    <Card
      size="small"
      className={`billing-plan${props.isCurrent ? ' is-current' : ''}`}
      data-testid={`plan-card-${plan.ver_id}`}
      title={plan.ver_name}
    >
      {props.isCurrent && (
        <Tag color="blue" className="billing-plan__current">
          {t('billing.current')}
        </Tag>
      )}
      <div className="billing-plan__price">
        {plan.is_free ? (
          <strong>{t('billing.free_price')}</strong>
        ) : (
          <>
            {monthly && (
              <div>
                <strong>{formatMoney(monthly.price, monthly.currency, locale)}</strong>
                <span className="billing-muted">/{t('billing.per_month')}</span>
              </div>
            )}
            {yearly && !monthly && (
              <div>
                <strong>{formatMoney(yearly.price, yearly.currency, locale)}</strong>
                <span className="billing-muted">/{t('billing.per_year')}</span>
                {yearly.discount_percent > 0 && (
                  <Tag color="red" className="billing-plan__save">
                    {t('billing.discount', { percent: yearly.discount_percent })}
                  </Tag>
                )}
              </div>
            )}
            {yearly && monthly && (
              <div className="billing-muted">
                {formatMoney(yearly.price, yearly.currency, locale)}/{t('billing.per_year')}
                {yearly.discount_percent > 0 && (
                  <Tag color="red" className="billing-plan__save">
                    {t('billing.discount', { percent: yearly.discount_percent })}
                  </Tag>
                )}
              </div>
            )}
          </>
        )}
      </div>
      <BenefitList benefits={plan.present_benefits} />
      {props.canBuy && (
        <Button type="primary" block onClick={props.onBuy}>
          {t('billing.upgrade_to', { plan: plan.ver_name })}
        </Button>
      )}
    </Card>
  );
}
