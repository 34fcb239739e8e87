import { isLuhnValid } from '@tandem/contract/billing';
import { Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/http-client.ts';
import type { CardInput } from '../api/billing.ts';

export type CardValues = { name: string; card_number: string; expiry: string; cvc: string };

const EXPIRY = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;

/** `4242424242424242` as `4242 4242 4242 4242`. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export function toCardInput(values: CardValues): CardInput {
  const [, month = '0', year = '0'] = EXPIRY.exec(values.expiry.trim()) ?? [];
  return {
    name: values.name.trim(),
    card_number: values.card_number.replace(/\s/g, ''),
    exp_month: Number(month),
    exp_year: year.length === 2 ? 2000 + Number(year) : Number(year),
    cvc: values.cvc.trim(),
  };
}

const isExpiryValid = (value: string) => {
  const match = EXPIRY.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  const now = new Date();
  return (
    month >= 1 &&
    month <= 12 &&
    (year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1))
  );
};

const FIELD_OF_CODE: Record<number, keyof CardValues> = {
  2309: 'card_number',
  2310: 'expiry',
  2311: 'cvc',
  2312: 'name',
};

/** Shows the provider's answer under the field it is about; false when it is about no field. */
export function showCardError(form: FormInstance<CardValues>, error: unknown, message: string): boolean {
  if (!(error instanceof ApiError) || error.code === undefined) return false;
  const field = FIELD_OF_CODE[error.code];
  if (!field) return false;
  form.setFields([{ name: field, errors: [message] }]);
  return true;
}

/** The card form: each field checked, each with its own message. */
export function CardFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('billing.card.name')}
        rules={[{ required: true, whitespace: true, message: t('error.cardholder_name_required') }]}
      >
        <Input autoComplete="cc-name" maxLength={200} />
      </Form.Item>
      <Form.Item
        name="card_number"
        label={t('billing.card.number')}
        normalize={groupDigits}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              value && isLuhnValid(value.replace(/\s/g, ''))
                ? Promise.resolve()
                : Promise.reject(new Error(t('error.card_number_invalid'))),
          },
        ]}
      >
        <Input autoComplete="cc-number" inputMode="numeric" placeholder="4242 4242 4242 4242" />
      </Form.Item>
      <div className="billing-card-row">
        <Form.Item
          name="expiry"
          label={t('billing.card.expiry')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                value && isExpiryValid(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('error.card_expiry_invalid'))),
            },
          ]}
        >
          <Input autoComplete="cc-exp" placeholder={t('billing.card.expiry_placeholder')} maxLength={7} />
        </Form.Item>
        <Form.Item
          name="cvc"
          label={t('billing.card.cvc')}
          rules={[{ pattern: /^\d{3,4}$/, required: true, message: t('error.card_cvc_invalid') }]}
        >
          <Input autoComplete="cc-csc" inputMode="numeric" maxLength={4} placeholder="123" />
        </Form.Item>
      </div>
    </>
  );
}
