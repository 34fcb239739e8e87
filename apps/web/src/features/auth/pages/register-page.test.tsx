import '../../../test/dom-setup.ts';
import { USER_API } from '@tandem/contract/user';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../shared/session/session-store.ts';
import { bindNotices } from '../../../shared/ui/notices.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { RegisterPage } from './register-page.tsx';

afterEach(() => {
  getSession().reset();
  vi.useRealTimers();
});

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

/** Sending goes through antd's validation and the HTTP client; a loaded machine needs more than 1 s. */

/** The countdown's seconds (a slow machine may have ticked once already). */
const secondsOn = (button: HTMLElement) => Number(button.textContent?.match(/\d+/)?.[0]);

function fillForm({
  code = '123456',
  password = 'Secret123',
  confirm = password,
}: {
  code?: string;
  password?: string;
  confirm?: string;
} = {}) {
  type('Email', 'Ada@Example.com ');
  type('Verification code', code);
  type('Password', password);
  type('Confirm password', confirm);
  fireEvent.click(screen.getByRole('checkbox'));
}

describe('the register page', () => {
  it('renders in Simplified Chinese with email and phone tabs and the way back to sign in', async () => {
    await renderPage(<RegisterPage />, { locale: 'zh-CN', path: '/register' });
    expect(screen.getByRole('heading', { name: '创建账号' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '邮箱' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '手机号' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe('/login');
  });

  it('names every missing field and the agreement instead of submitting', async () => {
    const api = fakeApi({});
    await renderPage(<RegisterPage />, { path: '/register' });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    // antd validates the fields one by one: each message is waited for, not just the first.
    expect(await screen.findByText('Please enter your email address.')).toBeTruthy();
    expect(await screen.findByText('Please enter the verification code.')).toBeTruthy();
    expect(await screen.findByText('Please enter your password.')).toBeTruthy();
    expect(await screen.findByText('Please enter the password again.')).toBeTruthy();
    expect(
      await screen.findByText('Please accept the Terms of Service and the Privacy Policy to continue.'),
    ).toBeTruthy();
    expect(api.bodiesOf(USER_API.register)).toEqual([]);
  });

  it('leaves a field the user only passed through alone until the form is submitted', async () => {
    await renderPage(<RegisterPage />, { path: '/register' });
    fireEvent.blur(screen.getByLabelText('Email', { selector: 'input' }));
    fireEvent.blur(screen.getByLabelText('Verification code', { selector: 'input' }));
    type('Email', 'not-an-email');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.queryByText('Please enter the verification code.')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email', { selector: 'input' }), { target: { value: 'ada@' } });
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address.')).toBeNull());
  });

  it('holds the password to 8-16 characters with upper case, lower case and digits, and the confirmation to it', async () => {
    await renderPage(<RegisterPage />, { path: '/register' });
    type('Password', 'Short1');
    expect(await screen.findByText('Use 8 to 16 characters.')).toBeTruthy();
    type('Password', 'alllowercase1');
    expect(await screen.findByText('Use upper-case letters, lower-case letters and digits.')).toBeTruthy();
    type('Password', 'Secret123');
    type('Confirm password', 'Secret124');
    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
  });

  it('registers by email, signs the new user in and goes where the sign-in was headed', async () => {
    const api = fakeApi({ [USER_API.register]: () => ({ data: { token: 'new-token' } }) });
    const { router } = await renderPage(<RegisterPage />, { path: '/register?redirect=%2Fprojects' });
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(api.bodiesOf(USER_API.register)).toEqual([
      { email: 'ada@example.com', valid_code: '123456', password: 'Secret123', agree: true },
    ]);
    expect(getSession().token).toBe('new-token');
    expect(document.cookie).toContain('token=new-token');
  });

  it('takes the "code sent" notice away once the account is made: the welcome is left alone', async () => {
    fakeApi({
      [USER_API.emailCode]: () => ({}),
      [USER_API.register]: () => ({ data: { token: 'new-token' } }),
    });
    // What is on screen: every notice raised, less those withdrawn (errors only, or all).
    let onScreen: [string, string][] = [];
    const unbind = bindNotices(
      (notice, level) => onScreen.push([level, 'key' in notice ? notice.key : notice.text]),
      () => {
        onScreen = onScreen.filter(([level]) => level !== 'error');
      },
      () => {
        onScreen = [];
      },
    );
    // Notices earlier tests left waiting for a host are not this page's.
    onScreen = [];
    try {
      const { router } = await renderPage(<RegisterPage />, { path: '/register' });
      type('Email', 'ada@example.com');
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
      await waitFor(() => expect(onScreen).toEqual([['success', 'auth.code_sent']]));
      fillForm();
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(onScreen).toEqual([['success', 'register.welcome']]);
    } finally {
      unbind();
    }
  });

  it('shows a wrong code beside the code field', async () => {
    fakeApi({
      [USER_API.register]: () => ({ status: 400, code: 1020, msg: 'Verification code check failed.' }),
    });
    await renderPage(<RegisterPage />, { path: '/register' });
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Verification code check failed.')).toBeTruthy();
    expect(getSession().token).toBeNull();
  });

  it('shows an existing account beside the address', async () => {
    fakeApi({ [USER_API.register]: () => ({ status: 409, code: 1050 }) });
    await renderPage(<RegisterPage />, { path: '/register' });
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this email or phone already exists.')).toBeTruthy();
  });
});

describe('sending the registration code', () => {
  it('asks for the email first', async () => {
    const api = fakeApi({});
    await renderPage(<RegisterPage />, { path: '/register' });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your email address.')).toBeTruthy();
    expect(api.bodiesOf(USER_API.emailCode)).toEqual([]);
  });

  it('sends a type-1 code to the email, then counts 60 seconds down before a resend', async () => {
    const api = fakeApi({ [USER_API.emailCode]: () => ({}) });
    await renderPage(<RegisterPage />, { path: '/register' });
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const countdown = await screen.findByRole('button', { name: /^Resend in \d+ s$/ });
    expect(secondsOn(countdown)).toBeGreaterThan(50);
    expect(countdown.hasAttribute('disabled')).toBe(true);
    expect(api.bodiesOf(USER_API.emailCode)).toEqual([{ email: 'ada@example.com', type: 1 }]);
  });

  it('counts down the wait the server asks for when a code was sent recently', async () => {
    fakeApi({ [USER_API.emailCode]: () => ({ status: 429, code: 1021, data: { retry_after: 42 } }) });
    await renderPage(<RegisterPage />, { path: '/register' });
    type('Email', 'ada@example.com');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 42 s' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('button', { name: 'Resend in 40 s' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(screen.getByRole('button', { name: 'Send code' }).hasAttribute('disabled')).toBe(false);
  });

  it('says so beside the email when it already has an account', async () => {
    fakeApi({ [USER_API.emailCode]: () => ({ status: 409, code: 1050 }) });
    await renderPage(<RegisterPage />, { path: '/register' });
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('An account with this email or phone already exists.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });
});

describe('registering by phone', () => {
  it('defaults to China (+86) and holds a Chinese number to 11 digits starting 13-19', async () => {
    const api = fakeApi({ [USER_API.phoneCode]: () => ({}) });
    await renderPage(<RegisterPage />, { path: '/register' });
    fireEvent.click(screen.getByRole('tab', { name: 'Phone' }));
    expect(screen.getByText('+86')).toBeTruthy();
    type('Phone number', '12345678901');
    expect(
      await screen.findByText('Please enter a valid phone number for this country or region.'),
    ).toBeTruthy();
    type('Phone number', '138 0013 8000');
    await waitFor(() =>
      expect(screen.queryByText('Please enter a valid phone number for this country or region.')).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /^Resend in \d+ s$/ });
    expect(api.bodiesOf(USER_API.phoneCode)).toEqual([{ phone: '13800138000', country_code: '86', type: 1 }]);
  });
});
