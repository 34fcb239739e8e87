import '../../test/dom-setup.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-app.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { UnauthorisedPage } from './unauthorised-page.tsx';

describe('the 404 page', () => {
  it('speaks English by default', async () => {
    await renderPage(<NotFoundPage />, { path: '/404' });
    expect(screen.getByText('Sorry, the page you visited does not exist.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
  });

  it('speaks Japanese when Japanese is active', async () => {
    await renderPage(<NotFoundPage />, { locale: 'ja-JP', path: '/404' });
    expect(screen.getByText('申し訳ありません。お探しのページは存在しません。')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ホームに戻る' })).toBeTruthy();
  });
});

describe('the 401 page', () => {
  it('explains the missing authorisation in Traditional Chinese', async () => {
    await renderPage(<UnauthorisedPage />, { locale: 'zh-TW', path: '/401' });
    expect(screen.getByText('抱歉，您無權存取此頁面。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回首頁' })).toBeTruthy();
  });
});
