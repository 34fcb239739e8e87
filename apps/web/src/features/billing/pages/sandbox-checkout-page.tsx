import { LockOutlined } from '@ant-design/icons';
import { formatMoney, SANDBOX_CARDS } from '@tandem/contract/billing';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Modal, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/http-client.ts';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { StandaloneFrame } from '../../../shared/ui/standalone-frame.tsx';
import { sandboxConfirmPayment, sandboxPay, sandboxSessionQuery } from '../api/billing.ts';
import { CardFields, type CardValues, showCardError, toCardInput } from '../components/card-fields.tsx';
import '../components/billing.css';

const RETURN_PATH = '/user-center/user-set?section=subscription';

/** The sandbox provider's hosted checkout page (`checkout_url`): the order, the test cards, a card form. */
export function SandboxCheckoutPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const sessionId = useParams().session_id ?? '';
  const session = useQuery({ ...sandboxSessionQuery(sessionId), retry: false });
  const [form] = Form.useForm<CardValues>();
  const [isPaying, setIsPaying] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [confirmToken, setConfirmToken] = useState<string>();

  const finish = (orderNo: string) =>
    location.assign(`${RETURN_PATH}&order_no=${encodeURIComponent(orderNo)}`);
  const messageOf = (error: unknown) =>
    error instanceof ApiError && error.code !== undefined ? error.message : t('error.payment_error');

  async function pay(values: CardValues) {
    setIsPaying(true);
    setFailure(undefined);
    try {
      const answer = await sandboxPay(sessionId, toCardInput(values));
      if (answer.status === 'requires_action' && answer.action_token) setConfirmToken(answer.action_token);
      else finish(answer.order_no);
    } catch (error) {
      if (!showCardError(form, error, messageOf(error))) setFailure(messageOf(error));
    } finally {
      setIsPaying(false);
    }
  }

  async function confirm(approve: boolean) {
    const token = confirmToken;
    setConfirmToken(undefined);
    if (!token) return;
    try {
      finish((await sandboxConfirmPayment(sessionId, token, approve)).order_no);
    } catch (error) {
      setFailure(messageOf(error));
    }
  }

  let body: React.ReactNode;
  if (session.isPending) body = <Skeleton active />;
  else if (session.isError || session.data.status !== 'open') {
    body = (
      <Result
        status={session.data?.status === 'paid' ? 'success' : 'warning'}
        title={t(
          session.data?.status === 'paid' ? 'billing.checkout.already_paid' : 'error.checkout_session_closed',
        )}
        extra={<Link to={RETURN_PATH}>{t('billing.checkout.back')}</Link>}
      />
    );
  } else {
    const { data } = session;
    body = (
      <>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'plan', label: t('billing.checkout.plan'), children: data.plan_name },
            {
              key: 'cycle',
              label: t('billing.checkout.cycle'),
              children: t(data.period_type === 2 ? 'billing.yearly' : 'billing.monthly'),
            },
            {
              key: 'amount',
              label: t('billing.checkout.amount'),
              children: (
                <strong data-testid="checkout-amount">
                  {formatMoney(data.amount, data.currency, locale)}
                </strong>
              ),
            },
            { key: 'order', label: t('billing.checkout.order_no'), children: data.order_no },
          ]}
        />
        <Alert
          className="billing-test-cards"
          type="info"
          showIcon
          title={t('billing.checkout.test_cards')}
          description={
            <ul>
              <li>
                <code>{SANDBOX_CARDS.success.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>{' '}
                {t('billing.checkout.card_success')}
              </li>
              <li>
                <code>{SANDBOX_CARDS.declined.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>{' '}
                {t('billing.checkout.card_declined')}
              </li>
              <li>
                <code>{SANDBOX_CARDS.confirm.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>{' '}
                {t('billing.checkout.card_confirm')}
              </li>
            </ul>
          }
        />
        {failure && <Alert type="error" showIcon title={failure} className="billing-checkout__failure" />}
        <Form form={form} layout="vertical" onFinish={pay} requiredMark={false}>
          <CardFields />
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={isPaying}
            icon={<LockOutlined />}
          >
            {t('billing.checkout.pay', { amount: formatMoney(data.amount, data.currency, locale) })}
          </Button>
        </Form>
        <div className="billing-checkout__cancel">
          <Link to={RETURN_PATH}>{t('billing.checkout.cancel')}</Link>
        </div>
      </>
    );
  }

  return (
    <StandaloneFrame>
      <Card className="billing-checkout" title={t('billing.checkout.title')}>
        <Typography.Paragraph type="secondary">{t('billing.checkout.sandbox_hint')}</Typography.Paragraph>
        {body}
      </Card>
      <Modal
        open={Boolean(confirmToken)}
        title={t('billing.checkout.confirm_title')}
        onCancel={() => void confirm(false)}
        footer={[
          <Button key="refuse" onClick={() => void confirm(false)}>
            {t('billing.checkout.confirm_refuse')}
          </Button>,
          <Button key="approve" type="primary" onClick={() => void confirm(true)}>
            {t('billing.checkout.confirm_approve')}
          </Button>,
        ]}
      >
        <p>{t('billing.checkout.confirm_text')}</p>
      </Modal>
    </StandaloneFrame>
  );
}
