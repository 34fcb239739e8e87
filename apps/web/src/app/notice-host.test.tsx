import '../test/dom-setup.ts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showNotice, withdrawErrorNotices, withdrawNotices } from '../shared/ui/notices.ts';
import { renderPage } from '../test/render-app.tsx';
import { NoticeHost } from './notice-host.tsx';

describe('the notices on screen', () => {
  it('stay when errors are withdrawn, and go at once, well before their time, when all are', async () => {
    await renderPage(<NoticeHost />);
    showNotice({ key: 'auth.code_sent', values: { minutes: 5 } }, 'success');
    showNotice({ key: 'error.system_busy' });
    expect(await screen.findByText('Code sent. It is valid for 5 minutes.')).toBeTruthy();
    withdrawErrorNotices();
    await waitFor(() => expect(screen.queryByText('The system is busy. Please try again later.')).toBeNull());
    expect(screen.getByText('Code sent. It is valid for 5 minutes.')).toBeTruthy();
    withdrawNotices();
    await waitFor(() => expect(screen.queryByText('Code sent. It is valid for 5 minutes.')).toBeNull(), {
      timeout: 1000,
    });
  });
});
