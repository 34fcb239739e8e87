import '../../test/dom-setup.ts';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { RelativeTime } from './relative-time.tsx';

const now = new Date('2025-03-10T12:00:00Z');

async function renderIn(locale: 'en-US' | 'zh-CN', value: Date) {
  await initI18n(locale);
  render(
    <I18nextProvider i18n={i18n}>
      <RelativeTime value={value} now={now} />
    </I18nextProvider>,
  );
}

describe('RelativeTime', () => {
  it('says "just now" in the active language under 30 seconds', async () => {
    await renderIn('zh-CN', new Date(now.getTime() - 10_000));
    expect(screen.getByText('刚刚')).toBeTruthy();
  });

  it('counts minutes, with a machine-readable time', async () => {
    await renderIn('en-US', new Date(now.getTime() - 5 * 60_000));
    const time = screen.getByText('5 minutes ago');
    expect(time.getAttribute('datetime')).toBe('2025-03-10T11:55:00.000Z');
  });

  it('says yesterday between one and two days', async () => {
    await renderIn('en-US', new Date(now.getTime() - 30 * 3_600_000));
    expect(screen.getByText('yesterday')).toBeTruthy();
  });
});
