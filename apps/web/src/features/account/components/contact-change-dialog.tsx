import { CODE_PURPOSES, DEFAULT_COUNTRY_CODE } from '@tandem/contract/account-rules';
import { ERRORS } from '@tandem/contract/errors';
import { Button, Form, Input, Modal, Steps } from 'antd';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureCode } from '../../../shared/api/failure.ts';
import type { SessionUser } from '../../../shared/session/session-user.ts';
import { busyButtonProps } from '../../../shared/ui/busy-button.tsx';
import { showNotice } from '../../../shared/ui/notices.ts';
import { type ContactAddress, getResetToken, sendCode, submitNewAddress } from '../api/contact-change.ts';
import { useCodeSender } from '../hooks/use-code-sender.ts';
import { useSignInAgain } from '../hooks/use-sign-in-again.ts';
import { CodeField, PhoneField } from './code-fields.tsx';
import {
  type AddressProblem,
  type ChangeStep,
  changeReducer,
  checkNewEmail,
  checkNewPhone,
  initialChange,
  stepsOf,
  submissionOf,
} from './contact-change-flow.ts';

export type ContactKind = 'email' | 'phone';

/** How an address reads on screen: the email, or `+86 13800138000`. */
export const addressText = (address: ContactAddress) =>
  'email' in address ? address.email : `+${address.country_code} ${address.phone}`;

export function currentAddressOf(kind: ContactKind, user: SessionUser): ContactAddress | null {
  if (kind === 'email') return user.email ? { email: user.email } : null;
  return user.phone ? { phone: user.phone, country_code: user.country_code || DEFAULT_COUNTRY_CODE } : null;
}

const isResetTokenInvalid = (error: unknown) => failureCode(error) === ERRORS.RESET_TOKEN_INVALID.code;

/** Change or bind the account's email or phone in up to four steps. */
export function ContactChangeDialog({
  kind,
  user,
  open,
  onClose,
}: {
  kind: ContactKind;
  user: SessionUser;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isBound = !!currentAddressOf(kind, user);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={580}
      destroyOnHidden
      mask={{ closable: false }}
      title={t(`account_settings.${isBound ? 'change' : 'bind'}_${kind}`)}
    >
      <ContactChangeFlow kind={kind} user={user} onClose={onClose} />
    </Modal>
  );
}

function ContactChangeFlow({
  kind,
  user,
  onClose,
}: {
  kind: ContactKind;
  user: SessionUser;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const current = currentAddressOf(kind, user);
  const [state, dispatch] = useReducer(changeReducer<ContactAddress>, !!current, initialChange);
  const oldSender = useCodeSender();
  const newSender = useCodeSender();
  const signInAgain = useSignInAgain();
  const steps = stepsOf(!!current);

  /** A lost or refused reset token cannot be repaired: start over (the message says so). */
  function restart(showMessage: boolean) {
    if (showMessage) showNotice({ key: 'error.reset_token_invalid' });
    dispatch({ type: 'restart' });
    onClose();
  }

  const sendToCurrent = () =>
    current ? oldSender.send(addressText(current), () => sendCode(current, CODE_PURPOSES.change)) : false;

  return (
    <div className="contact-change">
      <Steps
        size="small"
        className="contact-change__steps"
        current={steps.indexOf(state.step)}
        items={steps.map((step) => ({ title: t(`account_settings.step_${stepTitle(step, kind)}`) }))}
      />
      {state.step === 'send_old' && current && (
        <SendOldStep
          kind={kind}
          address={addressText(current)}
          secondsLeft={oldSender.secondsLeft(addressText(current))}
          isSending={oldSender.isSending}
          onSend={async () => {
            if (await sendToCurrent()) dispatch({ type: 'old_code_sent' });
          }}
        />
      )}
      {state.step === 'verify_old' && current && (
        <VerifyOldStep
          kind={kind}
          address={addressText(current)}
          secondsLeft={oldSender.secondsLeft(addressText(current))}
          isSending={oldSender.isSending}
          onResend={() => void sendToCurrent()}
          onVerified={(resetToken) => dispatch({ type: 'old_verified', resetToken })}
        />
      )}
      {state.step === 'enter_new' && (
        <EnterNewStep
          kind={kind}
          user={user}
          initial={state.newAddress}
          sender={newSender}
          onSent={(address) => dispatch({ type: 'new_code_sent', address })}
        />
      )}
      {state.step === 'confirm_new' && state.newAddress && (
        <ConfirmNewStep
          address={state.newAddress}
          sender={newSender}
          onBack={() => dispatch({ type: 'edit_new' })}
          onSubmit={async (validCode) => {
            const submission = submissionOf(state);
            if (!submission.ok) {
              restart(true);
              return;
            }
            try {
              await submitNewAddress(submission.address, validCode, submission.resetToken);
              signInAgain(`account_settings.${kind}_changed`);
            } catch (error) {
              // The HTTP client has shown the server's message.
              if (isResetTokenInvalid(error)) restart(false);
            }
          }}
        />
      )}
    </div>
  );
}

const stepTitle = (step: ChangeStep, kind: ContactKind) =>
  step === 'send_old' ? `current_${kind}` : step === 'enter_new' ? `new_${kind}` : step;

function SendOldStep({
  kind,
  address,
  secondsLeft,
  isSending,
  onSend,
}: {
  kind: ContactKind;
  address: string;
  secondsLeft: number;
  isSending: boolean;
  onSend: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <div className="contact-change__body">
      <p>{t(`account_settings.send_old_hint_${kind}`)}</p>
      <p className="contact-change__address">{address}</p>
      <div className="contact-change__actions">
        <Button
          type="primary"
          {...busyButtonProps(isSending)}
          disabled={isSending || secondsLeft > 0}
          onClick={onSend}
          autoFocus
        >
          {secondsLeft > 0
            ? t('account_settings.resend_in', { seconds: secondsLeft })
            : t('account_settings.send_code')}
        </Button>
      </div>
    </div>
  );
}

function VerifyOldStep({
  kind,
  address,
  secondsLeft,
  isSending,
  onResend,
  onVerified,
}: {
  kind: ContactKind;
  address: string;
  secondsLeft: number;
  isSending: boolean;
  onResend: () => void;
  onVerified: (resetToken: string) => void;
}) {
  const { t } = useTranslation();
  const [isVerifying, setIsVerifying] = useState(false);
  async function verify({ valid_code }: { valid_code: string }) {
    setIsVerifying(true);
    try {
      onVerified((await getResetToken(kind, valid_code.trim())).reset_token);
    } catch {
      // Reported by the HTTP client (wrong or expired code).
    } finally {
      setIsVerifying(false);
    }
  }
  return (
    <Form layout="vertical" className="contact-change__body" onFinish={verify} requiredMark={false}>
      <p>{t('account_settings.code_sent_to', { address })}</p>
      <CodeField secondsLeft={secondsLeft} isSending={isSending} onResend={onResend} />
      <div className="contact-change__actions">
        <Button type="primary" htmlType="submit" loading={isVerifying}>
          {t('account_settings.next')}
        </Button>
      </div>
    </Form>
  );
}

type CodeSender = ReturnType<typeof useCodeSender>;
type NewAddressValues = { email?: string; phone?: string; country_code?: string };

function EnterNewStep({
  kind,
  user,
  initial,
  sender,
  onSent,
}: {
  kind: ContactKind;
  user: SessionUser;
  initial: ContactAddress | null;
  sender: CodeSender;
  onSent: (address: ContactAddress) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewAddressValues>();
  const [problem, setProblem] = useState<AddressProblem | null>(null);
  const values = Form.useWatch([], form) as NewAddressValues | undefined;
  const typed = addressOfValues(kind, values);
  const secondsLeft = typed ? sender.secondsLeft(addressText(typed)) : 0;

  async function next(submitted: NewAddressValues) {
    const found =
      kind === 'email'
        ? checkNewEmail(submitted.email ?? '', user.email)
        : checkNewPhone(submitted.phone ?? '', submitted.country_code ?? DEFAULT_COUNTRY_CODE, user);
    setProblem(found);
    const address = addressOfValues(kind, submitted);
    if (found || !address) return;
    // A code already on its way to this address is still good: go on without asking for another.
    if (sender.secondsLeft(addressText(address)) > 0 || (await sendNew(address))) onSent(address);
  }

  const sendNew = (address: ContactAddress) =>
    sender.send(addressText(address), () => sendCode(address, CODE_PURPOSES.change));

  const problemText = problem ? t(`account_settings.${kind}_${problem}`) : undefined;
  return (
    <Form
      form={form}
      layout="vertical"
      className="contact-change__body"
      onFinish={next}
      onValuesChange={() => setProblem(null)}
      requiredMark={false}
      initialValues={
        initial && 'phone' in initial
          ? initial
          : { email: initial?.email ?? '', country_code: DEFAULT_COUNTRY_CODE }
      }
    >
      {kind === 'email' ? (
        <Form.Item
          name="email"
          label={t('account_settings.new_email')}
          validateStatus={problem ? 'error' : undefined}
          help={problemText}
        >
          <Input type="email" autoComplete="email" inputMode="email" autoFocus />
        </Form.Item>
      ) : (
        <>
          <PhoneField label={t('account_settings.new_phone')} autoFocus />
          {problemText && (
            <div className="contact-change__error" role="alert">
              {problemText}
            </div>
          )}
        </>
      )}
      <div className="contact-change__actions">
        <Button
          type="primary"
          htmlType="submit"
          {...busyButtonProps(sender.isSending)}
          disabled={sender.isSending}
        >
          {secondsLeft > 0 ? t('account_settings.next') : t('account_settings.send_code')}
        </Button>
      </div>
    </Form>
  );
}

function addressOfValues(kind: ContactKind, values: NewAddressValues | undefined): ContactAddress | null {
  if (kind === 'email') {
    const email = values?.email?.trim().toLowerCase();
    return email ? { email } : null;
  }
  const phone = values?.phone?.trim();
  return phone ? { phone, country_code: values?.country_code ?? DEFAULT_COUNTRY_CODE } : null;
}

function ConfirmNewStep({
  address,
  sender,
  onBack,
  onSubmit,
}: {
  address: ContactAddress;
  sender: CodeSender;
  onBack: () => void;
  onSubmit: (validCode: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const text = addressText(address);
  async function submit({ valid_code }: { valid_code: string }) {
    setIsSubmitting(true);
    try {
      await onSubmit(valid_code.trim());
    } finally {
      setIsSubmitting(false);
    }
  }
  return (
    <Form layout="vertical" className="contact-change__body" onFinish={submit} requiredMark={false}>
      <p>{t('account_settings.code_sent_to', { address: text })}</p>
      <CodeField
        secondsLeft={sender.secondsLeft(text)}
        isSending={sender.isSending}
        onResend={() => void sender.send(text, () => sendCode(address, CODE_PURPOSES.change))}
      />
      <p className="contact-change__note">{t('account_settings.sign_in_again_note')}</p>
      <div className="contact-change__actions">
        <Button onClick={onBack}>{t('account_settings.back')}</Button>
        <Button type="primary" htmlType="submit" loading={isSubmitting}>
          {t('common.confirm')}
        </Button>
      </div>
    </Form>
  );
}
