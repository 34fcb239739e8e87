import { isLuhnValid } from '@tandem/contract/billing';
import { AppError } from '../../../platform/http/app-error.ts';

export type CardFields = {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name: string;
};
export type CheckedCard = { number: string; brand: string; last4: string; expMonth: number; expYear: number };

const brandOf = (digits: string) => {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (digits.startsWith('62')) return 'unionpay';
  if (digits.startsWith('35')) return 'jcb';
  return 'card';
};

/** The sandbox card form's checks, each with its own message. */
export function checkCard(fields: CardFields, now = new Date()): CheckedCard {
  const number = fields.card_number.replace(/[\s-]/g, '');
  if (!fields.name.trim())
    throw new AppError('CARDHOLDER_NAME_REQUIRED', {
      fields: [{ field: 'name', message: 'error.cardholder_name_required' }],
    });
  if (!isLuhnValid(number)) {
    throw new AppError('CARD_NUMBER_INVALID', {
      fields: [{ field: 'card_number', message: 'error.card_number_invalid' }],
    });
  }
  const year = fields.exp_year < 100 ? 2000 + fields.exp_year : fields.exp_year;
  const month = fields.exp_month;
  const isPast =
    year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (!Number.isInteger(month) || month < 1 || month > 12 || year > now.getUTCFullYear() + 30 || isPast) {
    throw new AppError('CARD_EXPIRY_INVALID', {
      fields: [{ field: 'exp', message: 'error.card_expiry_invalid' }],
    });
  }
  const brand = brandOf(number);
  if (!/^\d+$/.test(fields.cvc) || fields.cvc.length !== (brand === 'amex' ? 4 : 3)) {
    throw new AppError('CARD_CVC_INVALID', { fields: [{ field: 'cvc', message: 'error.card_cvc_invalid' }] });
  }
  return { number, brand, last4: number.slice(-4), expMonth: month, expYear: year };
}

/** A card past the end of its expiry month. */
export const isCardExpired = (expMonth: number, expYear: number, now = new Date()) =>
  expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
