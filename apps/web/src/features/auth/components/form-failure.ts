import { ERRORS, errorByCode, type FieldError } from '@tandem/contract/errors';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { failureCode, noticeOf } from '../../../shared/api/failure.ts';
import { ApiError } from '../../../shared/api/http-client.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { retryAfterOf } from './send-code-button.tsx';

/** Which form field each business code belongs beside; `address` is the email or phone field. */
const FIELD_OF_CODE: Record<number, 'address' | 'valid_code'> = {
  [ERRORS.ACCOUNT_EXISTS.code]: 'address',
  [ERRORS.ACCOUNT_NOT_FOUND.code]: 'address',
  [ERRORS.CODE_CHECK_FAILED.code]: 'valid_code',
};

/**
 * Puts a failed call's message beside the field it is about (account exists, unknown account, wrong code,
 * fields the server rejected) and focuses it; anything else becomes a notice.
 */
export function showFailureOnForm(
  form: FormInstance,
  error: unknown,
  { t, addressField }: { t: TFunction; addressField: string },
) {
  const code = failureCode(error);
  const target = code === undefined ? undefined : FIELD_OF_CODE[code];
  const known = code === undefined ? undefined : errorByCode(code);
  if (target && known) {
    const name = target === 'address' ? addressField : target;
    form.setFields([{ name, errors: [t(`error.${known.key}`)] }]);
    form.focusField(name);
    return;
  }
  const names = new Set(Object.keys(form.getFieldsValue()));
  const rejected = serverFieldsOf(error)
    .map((item) => (item.field === 'country_code' ? 'phone' : item.field))
    .filter((name) => names.has(name));
  if (code === ERRORS.BAD_REQUEST.code && rejected.length) {
    form.setFields(rejected.map((name) => ({ name, errors: [t('validation.invalid')] })));
    form.focusField(rejected[0]!);
    return;
  }
  showNotice(noticeOf(error));
}

function serverFieldsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return [];
  const fields = (error.data as { fields?: unknown }).fields;
  return Array.isArray(fields) ? (fields as FieldError[]) : [];
}

/**
 * Reports a code that could not be sent: the resend wait as a warning with its seconds (the button counts
 * down any wait the server names), "account exists" or "no such account" beside the address, anything else
 * as a notice.
 */
export function useSendCodeFailure(form: FormInstance, addressField: string) {
  const { t } = useTranslation();
  return (error: unknown) => {
    const seconds = retryAfterOf(error);
    if (seconds && failureCode(error) === ERRORS.CODE_RESEND_WAIT.code) {
      showNotice({ key: 'auth.code_wait', values: { seconds } }, 'warning');
      return;
    }
    showFailureOnForm(form, error, { t, addressField });
  };
}
