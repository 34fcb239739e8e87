import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { useThemeStore } from '../../../shared/theme/theme-store.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { AccountCentreDialog } from './account-centre-dialog.tsx';
import { PreferencesSection, preferenceChoices } from './preferences-section.tsx';

const updatePreference = vi.hoisted(() => vi.fn());
vi.mock('../api/preferences.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../api/preferences.ts')>();
  return {
    ...original,
    updatePreference,
    preferenceConfigsQuery: {
      queryKey: ['account', 'preference-configs', 'test'],
      queryFn: async () => ({
        language: [
          { id: 1, key: 'zh-CN', name: '简体中文' },
          { id: 2, key: 'zh-TW', name: '繁體中文' },
          { id: 3, key: 'en-US', name: 'English' },
          { id: 4, key: 'ja-JP', name: '日本語' },
        ],
        theme: [
          { id: 4, key: 'light', name: 'Light' },
          { id: 5, key: 'dark', name: 'Dark' },
          { id: 6, key: 'system', name: 'Follow system' },
        ],
      }),
      staleTime: Number.POSITIVE_INFINITY,
    },
  };
});

beforeEach(() => {
  updatePreference.mockReset().mockResolvedValue(null);
  useThemeStore.getState().setMode('system');
  useSessionStore.setState({ token: 'tok' });
});

afterEach(() => {
  Cookies.remove('theme', { path: '/' });
  Cookies.remove('locale', { path: '/' });
});

describe('the preferences screen', () => {
  it('applies a theme at once and saves it on the account', async () => {
    await renderPage(<PreferencesSection />);
    fireEvent.click(screen.getByRole('radio', { name: /Dark/ }));
    expect(useThemeStore.getState()).toMatchObject({ mode: 'dark', actual: 'dark' });
    await waitFor(() => expect(updatePreference).toHaveBeenCalledWith({ theme_id: 5 }));
  });

  it('switches the language and saves the server’s id for it', async () => {
    await renderPage(<PreferencesSection />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('日本語'));
    await waitFor(() => expect(updatePreference).toHaveBeenCalledWith({ language_id: 4 }));
    expect(useLocaleStore.getState().locale).toBe('ja-JP');
    expect(Cookies.get('locale')).toBe('ja-JP');
  });

  it('keeps the account centre open while the whole page changes language', async () => {
    const onClose = vi.fn();
    await renderPage(<AccountCentreDialog open onClose={onClose} />);
    fireEvent.click(screen.getByRole('menuitem', { name: /Preferences/ }));
    const input = screen.getByRole('heading', { name: 'Preferences' });
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('日本語'));
    expect(await screen.findByRole('heading', { name: '環境設定' })).toBeTruthy();
    // The same dialog, translated in place: not closed, not mounted again.
    expect(input.isConnected).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('only applies the choice when signed out', async () => {
    useSessionStore.setState({ token: null });
    await renderPage(<PreferencesSection />);
    fireEvent.click(screen.getByRole('radio', { name: /Light/ }));
    expect(useThemeStore.getState().mode).toBe('light');
    expect(updatePreference).not.toHaveBeenCalled();
  });
});

describe('the preference options', () => {
  it('offer every theme and language while the server’s list is on its way', () => {
    const choices = preferenceChoices(undefined, ['light', 'dark', 'system']);
    expect(choices.themes).toEqual(['system', 'light', 'dark']);
    expect(choices.languages.map((option) => option.locale)).toEqual(['zh-CN', 'zh-TW', 'en-US', 'ja-JP']);
  });

  it('follow the server’s list, follow-system first', () => {
    const choices = preferenceChoices(
      { language: [{ id: 3, key: 'en_us', name: 'English' }], theme: [{ id: 5, key: 'dark', name: 'Dark' }] },
      ['light', 'dark', 'system'],
    );
    expect(choices.themes).toEqual(['system', 'dark']);
    expect(choices.languages).toEqual([{ locale: 'en-US', name: 'English' }]);
  });
});
