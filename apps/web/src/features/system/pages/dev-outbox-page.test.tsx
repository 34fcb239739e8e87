import '../../../test/dom-setup.ts';
import { API } from '@tandem/contract/system';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_CONFIG_PATH, FALLBACK_CLIENT_CONFIG } from '../../../shared/system/client-config.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { DevOutboxPage } from './dev-outbox-page.tsx';

const withOutbox = (isOn: boolean) => ({
  [CLIENT_CONFIG_PATH]: () => ({ data: { ...FALLBACK_CLIENT_CONFIG, dev_outbox: isOn } }),
});

describe('the development mailbox page', () => {
  it('lists what was sent, newest first, with the code to copy', async () => {
    fakeApi({
      ...withOutbox(true),
      [`${API.devOutbox.path}?page=1&page_size=50`]: () => ({
        data: {
          total: 1,
          data: [
            {
              channel: 'email',
              to: 'ada@example.com',
              subject: 'Your Tandem verification code: 482913',
              text: 'Your code is 482913.',
              code: '482913',
              created_at: new Date().toISOString(),
            },
          ],
        },
      }),
    });
    await renderPage(<DevOutboxPage />, { path: '/dev/outbox' });
    expect(await screen.findByText('To ada@example.com')).toBeTruthy();
    expect(screen.getByText('482913', { selector: 'strong' })).toBeTruthy();
  });

  it('says there is none on a production server', async () => {
    fakeApi(withOutbox(false));
    await renderPage(<DevOutboxPage />, { path: '/dev/outbox' });
    expect(await screen.findByText(/There is no development mailbox on this server/)).toBeTruthy();
  });
});
