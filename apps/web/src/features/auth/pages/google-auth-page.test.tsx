import '../../../test/dom-setup.ts';
import { OAUTH_API } from '@tandem/contract/user';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSession } from '../../../shared/session/session-store.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { GoogleAuthPage } from './google-auth-page.tsx';

afterEach(() => getSession().reset());

const ROUTE = '/google_auth/:google_code?';

describe('the Google sign-in callback', () => {
  it('trades the code and state of the query for a session, then goes home', async () => {
    const api = fakeApi({ [OAUTH_API.callback]: () => ({ data: { token: 'google-token' } }) });
    const { router } = await renderPage(<GoogleAuthPage />, {
      path: '/google_auth?code=c0de&state=st4te',
      route: ROUTE,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.bodiesOf(OAUTH_API.callback)).toEqual([{ google_code: 'c0de', state: 'st4te' }]);
    expect(getSession().token).toBe('google-token');
  });

  it('accepts the code as a path segment, and passes on the issuer the provider named', async () => {
    const api = fakeApi({ [OAUTH_API.callback]: () => ({ data: { token: 'google-token' } }) });
    await renderPage(<GoogleAuthPage />, {
      path: '/google_auth/c0de?state=st4te&iss=https%3A%2F%2Fid.example.com',
      route: ROUTE,
    });
    await waitFor(() => expect(getSession().token).toBe('google-token'));
    expect(api.bodiesOf(OAUTH_API.callback)).toEqual([
      { google_code: 'c0de', state: 'st4te', iss: 'https://id.example.com' },
    ]);
  });

  it('shows why it failed and the way back to sign in', async () => {
    fakeApi({ [OAUTH_API.callback]: () => ({ status: 400, code: 1013 }) });
    const { router } = await renderPage(<GoogleAuthPage />, {
      path: '/google_auth?code=c0de&state=st4te',
      route: ROUTE,
    });
    expect(await screen.findByText('Authentication failed.')).toBeTruthy();
    expect(screen.getByText('Google sign-in did not complete. Please try again.')).toBeTruthy();
    expect(getSession().token).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('does not call the server when the provider answered without a state or with an error', async () => {
    const api = fakeApi({});
    await renderPage(<GoogleAuthPage />, { path: '/google_auth?code=c0de', route: ROUTE });
    expect(screen.getByText('The answer from Google was incomplete.')).toBeTruthy();
    await renderPage(<GoogleAuthPage />, {
      path: '/google_auth?error=access_denied&state=st4te',
      route: ROUTE,
    });
    expect(api.bodiesOf(OAUTH_API.callback)).toEqual([]);
  });
});
