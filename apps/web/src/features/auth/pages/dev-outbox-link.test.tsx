import '../../../test/dom-setup.ts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_CONFIG_PATH, FALLBACK_CLIENT_CONFIG } from '../../../shared/system/client-config.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { LoginPage } from './login-page.tsx';
import { RegisterPage } from './register-page.tsx';

const LINK_NAME = /read the code in the development mailbox/;
const withOutbox = (isOn: boolean) => ({
  [CLIENT_CONFIG_PATH]: () => ({ data: { ...FALLBACK_CLIENT_CONFIG, dev_outbox: isOn } }),
});

describe('the development mailbox link', () => {
  it('shows on the register page where the server keeps an outbox, opening it beside the form', async () => {
    fakeApi(withOutbox(true));
    await renderPage(<RegisterPage />, { path: '/register' });
    const link = await screen.findByRole('link', { name: LINK_NAME });
    expect(link.getAttribute('href')).toBe('/dev/outbox');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows on the sign-in by code tab, not on the password tab', async () => {
    fakeApi(withOutbox(true));
    await renderPage(<LoginPage />, { path: '/login' });
    await screen.findByRole('tab', { name: 'Verification code' });
    expect(screen.queryByRole('link', { name: LINK_NAME })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Verification code' }));
    expect(await screen.findByRole('link', { name: LINK_NAME })).toBeTruthy();
  });

  it('is not there in production, where codes really go out', async () => {
    const api = fakeApi(withOutbox(false));
    await renderPage(<RegisterPage />, { path: '/register' });
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(api.calls.some((call) => call.url === CLIENT_CONFIG_PATH)).toBe(true);
    expect(screen.queryByRole('link', { name: LINK_NAME })).toBeNull();
  });
});
