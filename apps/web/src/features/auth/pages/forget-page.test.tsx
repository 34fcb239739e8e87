import '../../../test/dom-setup.ts';
import { RESET_API, USER_API } from '@tandem/contract/user';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSession } from '../../../shared/session/session-store.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { ForgetPage } from './forget-page.tsx';

afterEach(() => getSession().reset());

const TOKEN = 'reset-token-0123456789abcdef';

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

async function verify() {
  type('Email', 'ada@example.com');
  type('Verification code', '123456');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByLabelText('New password', { selector: 'input' });
}

function choosePassword(password = 'Newpass123') {
  type('New password', password);
  type('Confirm password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('the forgot-password page', () => {
  it('renders in Simplified Chinese with its three steps', async () => {
    await renderPage(<ForgetPage />, { locale: 'zh-CN', path: '/forget' });
    expect(screen.getByRole('heading', { name: '重置密码' })).toBeTruthy();
    for (const step of ['身份验证', '设置新密码', '完成']) expect(screen.getByText(step)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe('/login');
  });

  it('sends a type-3 code, trades it for a reset token, sets the new password and offers to sign in', async () => {
    const api = fakeApi({
      [USER_API.emailCode]: () => ({}),
      [RESET_API.getResetToken]: () => ({ data: { reset_token: TOKEN } }),
      [RESET_API.resetPasswordByToken]: () => ({}),
    });
    const { router } = await renderPage(<ForgetPage />, { path: '/forget' });
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /^Resend in \d+ s$/ });
    expect(api.bodiesOf(USER_API.emailCode)).toEqual([{ email: 'ada@example.com', type: 3 }]);

    type('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText('New password', { selector: 'input' });
    expect(api.bodiesOf(RESET_API.getResetToken)).toEqual([
      { email: 'ada@example.com', valid_code: '123456' },
    ]);

    choosePassword();
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(api.bodiesOf(RESET_API.resetPasswordByToken)).toEqual([
      { reset_token: TOKEN, password: 'Newpass123' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Go to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('names an unknown account beside the email', async () => {
    fakeApi({ [USER_API.emailCode]: () => ({ status: 404, code: 1051 }) });
    await renderPage(<ForgetPage />, { path: '/forget' });
    type('Email', 'nobody@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('No account uses this email or phone.')).toBeTruthy();
  });

  it('keeps the user on the first step with the code-check message when the code is wrong', async () => {
    fakeApi({ [RESET_API.getResetToken]: () => ({ status: 400, code: 1020 }) });
    await renderPage(<ForgetPage />, { path: '/forget' });
    type('Email', 'ada@example.com');
    type('Verification code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Verification code check failed.')).toBeTruthy();
    expect(screen.queryByLabelText('New password', { selector: 'input' })).toBeNull();
  });

  it('goes back to the first step with the token-invalid message when the token is refused', async () => {
    fakeApi({
      [RESET_API.getResetToken]: () => ({ data: { reset_token: TOKEN } }),
      [RESET_API.resetPasswordByToken]: () => ({ status: 400, code: 1030 }),
    });
    await renderPage(<ForgetPage />, { path: '/forget' });
    await verify();
    choosePassword();
    expect(await screen.findByText('The token is invalid. Please restart the process.')).toBeTruthy();
    expect((screen.getByLabelText('Email', { selector: 'input' }) as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
    expect(
      (screen.getByLabelText('Verification code', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send code' })),
    );
  });

  it('asks for a matching confirmation before resetting', async () => {
    const api = fakeApi({ [RESET_API.getResetToken]: () => ({ data: { reset_token: TOKEN } }) });
    await renderPage(<ForgetPage />, { path: '/forget' });
    await verify();
    type('New password', 'Newpass123');
    type('Confirm password', 'Newpass124');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
    expect(api.bodiesOf(RESET_API.resetPasswordByToken)).toEqual([]);
  });
});
