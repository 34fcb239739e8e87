import '../../../test/dom-setup.ts';
import { OAUTH_API } from '@tandem/contract/user';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_CONFIG_PATH, FALLBACK_CLIENT_CONFIG } from '../../../shared/system/client-config.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { LoginPage, validateLogin } from './login-page.tsx';

const login = vi.hoisted(() => vi.fn());
vi.mock('../api/login.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/login.ts')>()),
  login,
}));

describe('the sign-in page', () => {
  it('renders in Simplified Chinese', async () => {
    await renderPage(<LoginPage />, { locale: 'zh-CN', path: '/login' });
    expect(screen.getByRole('heading', { name: '欢迎回来' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '密码登录' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '验证码登录' })).toBeTruthy();
    expect(screen.getByLabelText('邮箱或手机号')).toBeTruthy();
    expect(screen.getByRole('link', { name: '立即注册' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: '忘记密码？' }).getAttribute('href')).toBe('/forget');
    expect(screen.getByText('服务条款')).toBeTruthy();
  });

  it('hides the Google button while the server has not said Google is on', async () => {
    await renderPage(<LoginPage />, { path: '/login' });
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
  });

  it('names the missing fields instead of submitting', async () => {
    await renderPage(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email or phone number.')).toBeTruthy();
    expect(await screen.findByText('Please enter your password.')).toBeTruthy();
    expect(screen.getByLabelText('Email or phone').getAttribute('aria-invalid')).toBe('true');
    expect(login).not.toHaveBeenCalled();
  });

  it('submits trimmed credentials and stores the token', async () => {
    login.mockResolvedValueOnce({ token: 'fresh-token' });
    await renderPage(<LoginPage />, { path: '/login?redirect=%2Fprojects' });
    fireEvent.change(screen.getByLabelText('Email or phone'), { target: { value: '  ada@example.com ' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
      target: { value: 'Secret123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(login).toHaveBeenCalledOnce());
    expect(login.mock.calls[0]?.[0]).toMatchObject({
      user_name: 'ada@example.com',
      password: 'Secret123',
      login_type: 0,
      real_name: '',
    });
    await waitFor(() => expect(document.cookie).toContain('token=fresh-token'));
  });

  it('switches to the code tab with the arrow key', async () => {
    await renderPage(<LoginPage />, { path: '/login' });
    const passwordTab = screen.getByRole('tab', { name: 'Password' });
    fireEvent.keyDown(passwordTab, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Verification code' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });
});

describe('sending a sign-in code', () => {
  it('asks for the email or phone first, and the reminder goes once it is typed', async () => {
    await renderPage(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('tab', { name: 'Verification code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your email or phone number.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email or phone'), { target: { value: 'ada@example.com' } });
    expect(screen.queryByText('Please enter your email or phone number.')).toBeNull();
  });
});

describe('the sign-in rules', () => {
  it('want a 6-digit code for a code sign-in', () => {
    expect(validateLogin({ user_name: 'a@b.co', valid_code: '12345' }, 1)).toEqual({
      valid_code: 'auth.code_format',
    });
    expect(validateLogin({ user_name: 'a@b.co', valid_code: '123456' }, 1)).toEqual({});
  });
});

describe('signing in with Google', () => {
  it('shows the button when the server has Google on, and sends the browser to the provider', async () => {
    const api = fakeApi({
      [CLIENT_CONFIG_PATH]: () => ({
        data: { ...FALLBACK_CLIENT_CONFIG, sign_in_methods: { password: true, code: true, google: true } },
      }),
      [OAUTH_API.start]: () => ({ data: { url: 'https://accounts.example.com/auth?state=s' } }),
    });
    const assigned: string[] = [];
    vi.stubGlobal('location', {
      ...window.location,
      set href(url: string) {
        assigned.push(url);
      },
    });
    try {
      await renderPage(<LoginPage />, { path: '/login' });
      fireEvent.click(await screen.findByRole('button', { name: /Sign in with Google$/ }));
      await waitFor(() => expect(assigned).toEqual(['https://accounts.example.com/auth?state=s']));
      expect(api.bodiesOf(OAUTH_API.start)).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
