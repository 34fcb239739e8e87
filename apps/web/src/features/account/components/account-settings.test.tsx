import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/http-client.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import type { SessionUser } from '../../../shared/session/session-user.ts';
import { createUser } from '../../../test/factories.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { ContactChangeDialog } from './contact-change-dialog.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { PasswordResetDialog } from './password-reset-dialog.tsx';
import { NicknameEditor } from './profile-header.tsx';

const api = vi.hoisted(() => ({
  updateBaseUserInfo: vi.fn(),
  refreshSessionUser: vi.fn(),
  sendCode: vi.fn(),
  getResetToken: vi.fn(),
  submitNewAddress: vi.fn(),
  deleteAccount: vi.fn(),
  resetPasswordByCode: vi.fn(),
}));
vi.mock('../api/profile.ts', () => ({
  updateBaseUserInfo: api.updateBaseUserInfo,
  refreshSessionUser: api.refreshSessionUser,
}));
vi.mock('../api/contact-change.ts', () => ({
  sendCode: api.sendCode,
  getResetToken: api.getResetToken,
  submitNewAddress: api.submitNewAddress,
}));
vi.mock('../api/delete-account.ts', () => ({ deleteAccount: api.deleteAccount }));
vi.mock('../api/reset-password.ts', () => ({ resetPasswordByCode: api.resetPasswordByCode }));

const notices = recordNotices();

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  useSessionStore.setState({ token: 'tok', user: createUser() });
});

describe('the nickname', () => {
  async function renderEditor(nickname = 'Ada') {
    await renderPage(<NicknameEditor nickname={nickname} />);
    return screen.getByLabelText('Nickname') as HTMLInputElement;
  }

  it('is saved trimmed on blur when changed, and the session user refreshed', async () => {
    api.updateBaseUserInfo.mockResolvedValue(null);
    const input = await renderEditor();
    fireEvent.change(input, { target: { value: '  Grace ' } });
    fireEvent.blur(input);
    await waitFor(() => expect(api.refreshSessionUser).toHaveBeenCalledOnce());
    expect(api.updateBaseUserInfo).toHaveBeenCalledWith({ nick_name: 'Grace' });
  });

  it('is not saved when nothing changed', async () => {
    const input = await renderEditor();
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(api.updateBaseUserInfo).not.toHaveBeenCalled();
  });

  it('warns about a blank nickname and shows the old one again', async () => {
    const input = await renderEditor();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.blur(input);
    expect(input.value).toBe('Ada');
    expect(notices.keys()).toEqual(['account_settings.nickname_blank']);
    expect(api.updateBaseUserInfo).not.toHaveBeenCalled();
  });

  it('is limited to 100 characters', async () => {
    const input = await renderEditor();
    expect(input.maxLength).toBe(100);
  });

  it('goes back to the saved nickname when the server refuses', async () => {
    api.updateBaseUserInfo.mockRejectedValue(new ApiError('business', 'no', 1001, 400));
    const input = await renderEditor();
    fireEvent.change(input, { target: { value: 'Grace' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.value).toBe('Ada'));
    expect(api.refreshSessionUser).not.toHaveBeenCalled();
  });
});

describe('deleting the account', () => {
  async function renderDialog(user: SessionUser) {
    await renderPage(<DeleteAccountDialog user={user} open onClose={() => {}} />, { path: '/dashboard' });
    return screen.getByRole('button', { name: 'Delete account' });
  }

  it('enables the confirm button only once the account’s email is typed', async () => {
    api.deleteAccount.mockResolvedValue(null);
    const button = await renderDialog(createUser());
    expect(button.hasAttribute('disabled')).toBe(true);
    const input = screen.getByLabelText(/To confirm, type your email ada@example.com/);
    fireEvent.change(input, { target: { value: 'ada@example' } });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(api.deleteAccount).toHaveBeenCalledWith({ email: 'ada@example.com' }));
    await waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    expect(notices.keys()).toContain('account_settings.deleted');
  });

  it('says the email is incorrect as soon as the typed text cannot become it, not only by greying the button', async () => {
    const button = await renderDialog(createUser());
    const input = screen.getByLabelText(/To confirm, type your email ada@example.com/);
    const mismatch = 'The email or phone is incorrect, so the account cannot be deleted.';
    fireEvent.change(input, { target: { value: 'ada@exa' } });
    expect(screen.queryByText(mismatch)).toBeNull();
    fireEvent.change(input, { target: { value: 'ada@exmaple.com' } });
    expect(screen.getByRole('alert').textContent).toBe(mismatch);
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: 'ada@ex' } });
    expect(screen.queryByText(mismatch)).toBeNull();
    // An unfinished address is wrong once the user leaves the field.
    fireEvent.blur(input);
    expect(screen.getByText(mismatch)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    expect(screen.queryByText(mismatch)).toBeNull();
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  it('asks for the phone when the account has no email', async () => {
    await renderDialog(createUser({ email: '', phone: '13800138000', country_code: '86' }));
    expect(screen.getByLabelText(/type your phone number 13800138000/)).toBeTruthy();
  });

  it('is blocked when neither email nor phone is bound', async () => {
    const button = await renderDialog(createUser({ email: '', phone: '' }));
    expect(screen.getByText(/Your identity cannot be verified/)).toBeTruthy();
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('keeps the session when the server refuses (a team with members)', async () => {
    api.deleteAccount.mockRejectedValue(new ApiError('http', 'owns team', 1072, 409));
    const button = await renderDialog(createUser());
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'ada@example.com' } });
    fireEvent.click(button);
    await waitFor(() => expect(api.deleteAccount).toHaveBeenCalled());
    expect(useSessionStore.getState().token).toBe('tok');
  });
});

describe('changing the email', () => {
  async function renderDialog(user: SessionUser, onClose = vi.fn()) {
    await renderPage(
      <App>
        <ContactChangeDialog kind="email" user={user} open onClose={onClose} />
      </App>,
      { path: '/dashboard' },
    );
    return onClose;
  }

  const typeCode = async (code: string) =>
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: code } });

  it('goes through the four steps and signs out at the end', async () => {
    api.sendCode.mockResolvedValue(null);
    api.getResetToken.mockResolvedValue({ reset_token: 'reset-token-0123456789' });
    api.submitNewAddress.mockResolvedValue(null);
    await renderDialog(createUser());

    expect(screen.getByText('ada@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(api.sendCode).toHaveBeenCalledWith({ email: 'ada@example.com' }, 2));

    await typeCode('123456');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.getResetToken).toHaveBeenCalledWith('email', '123456'));

    const email = await screen.findByLabelText('New email');
    fireEvent.change(email, { target: { value: 'ADA@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('The new email must differ from the current one.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'grace@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(api.sendCode).toHaveBeenLastCalledWith({ email: 'grace@example.com' }, 2));

    expect(await screen.findByText('Enter the code we sent to grace@example.com.')).toBeTruthy();
    await typeCode('654321');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.submitNewAddress).toHaveBeenCalledWith(
        { email: 'grace@example.com' },
        '654321',
        'reset-token-0123456789',
      ),
    );
    await waitFor(() => expect(useSessionStore.getState().token).toBeNull());
    expect(notices.keys()).toContain('account_settings.email_changed');
  }, 20_000);

  it('binds an email from step 3 when none is bound', async () => {
    api.sendCode.mockResolvedValue(null);
    api.submitNewAddress.mockResolvedValue(null);
    await renderDialog(createUser({ email: '', phone: '13800138000', country_code: '86' }));
    expect(screen.queryByText('Current email')).toBeNull();
    fireEvent.change(screen.getByLabelText('New email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await typeCode('123456');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.submitNewAddress).toHaveBeenCalledWith({ email: 'ada@example.com' }, '123456', null),
    );
  });

  it('names an empty or malformed new email', async () => {
    await renderDialog(createUser({ email: '' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter the new email.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New email'), { target: { value: 'grace@example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(api.sendCode).not.toHaveBeenCalled();
  });

  it('holds the resend button for the wait the server asks for', async () => {
    api.sendCode.mockRejectedValue(new ApiError('http', 'wait', 1021, 429, { retry_after: 42 }));
    await renderDialog(createUser());
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 42 s' })).toBeTruthy();
  });

  it('starts over and closes when the reset token is refused', async () => {
    api.sendCode.mockResolvedValue(null);
    api.getResetToken.mockResolvedValue({ reset_token: 'reset-token-0123456789' });
    api.submitNewAddress.mockRejectedValue(new ApiError('business', 'token', 1030, 400));
    const onClose = await renderDialog(createUser());
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await typeCode('123456');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    fireEvent.change(await screen.findByLabelText('New email'), { target: { value: 'grace@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await typeCode('654321');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(useSessionStore.getState().token).toBe('tok');
  }, 20_000);
});

describe('resetting the password', () => {
  it('shows a busy, disabled button while the code is sent, then only the countdown', async () => {
    let answer: (value: null) => void = () => {};
    api.sendCode.mockReturnValue(new Promise<null>((resolve) => (answer = resolve)));
    await renderPage(
      <App>
        <PasswordResetDialog user={createUser()} open onClose={vi.fn()} />
      </App>,
      { path: '/dashboard' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(api.sendCode).toHaveBeenCalledWith({ email: 'ada@example.com' }, 3));
    const sending = screen.getByRole('button', { name: /Send code/ }) as HTMLButtonElement;
    expect(sending.getAttribute('aria-busy')).toBe('true');
    expect(sending.disabled).toBe(true);
    // Not antd's animated loading icon: on a busy machine it can stay behind once the call is over,
    // and the button is then read as "loading Resend in 60 s".
    expect(sending.querySelector('.ant-btn-loading-icon')).toBeNull();

    answer(null);
    const waiting = (await screen.findByRole('button', { name: 'Resend in 60 s' })) as HTMLButtonElement;
    expect(waiting.getAttribute('aria-busy')).toBe('false');
    expect(waiting.disabled).toBe(true);
  });
});
