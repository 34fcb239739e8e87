import type { FormInstance } from 'antd';
import { type CodePurpose, sendVerificationCode } from '../api/verification-code.ts';
import { type AddressMethod, addressFieldOf, addressOf } from '../components/credential-fields.tsx';
import { useSendCodeFailure } from '../components/form-failure.ts';

/**
 * The send button's action for a form with an address and a code: checks the address first (focusing it
 * when wrong), sends, then moves on to the code field. A failure is put beside the address or noticed, then
 * rethrown so the button can count down a wait the server asks for.
 */
export function useSendAddressCode(form: FormInstance, method: AddressMethod, purpose: CodePurpose) {
  const addressField = addressFieldOf(method);
  const reportSendFailure = useSendCodeFailure(form, addressField);
  return async function sendCode() {
    try {
      await form.validateFields([addressField]);
    } catch {
      form.focusField(addressField);
      return false;
    }
    try {
      await sendVerificationCode(addressOf(method, form.getFieldsValue()), purpose);
      form.focusField('valid_code');
      return true;
    } catch (error) {
      reportSendFailure(error);
      throw error;
    }
  };
}
