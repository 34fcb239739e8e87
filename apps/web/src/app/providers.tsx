import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { theme as antdTheme, ConfigProvider, type ThemeConfig } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useLocaleStore } from '../shared/i18n/i18n.ts';
import { type ActualTheme, PAGE_BACKGROUND, useThemeStore } from '../shared/theme/theme-store.ts';
import { useQueryClientStore } from './query-client.ts';

export const BRAND_PRIMARY = '#5b5ff5';

const shared: ThemeConfig['token'] = {
  colorPrimary: BRAND_PRIMARY,
  colorInfo: BRAND_PRIMARY,
  borderRadius: 10,
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif",
};

/**
 * antd's components take their styles from `antd/dist/antd.css` (imported by main.tsx), which reads the
 * tokens below through CSS variables, instead of generating and inserting each component's styles while
 * the page first renders. That generation was a third of the signed-in first screen's script time and
 * most of the time of the component tests in jsdom (figures in docs/decisions.md).
 */
const zeroRuntime = true;

export const THEMES: Record<ActualTheme, ThemeConfig> = {
  light: {
    zeroRuntime,
    token: {
      ...shared,
      colorBgLayout: PAGE_BACKGROUND.light,
      // antd derives a paler hover from the brand colour: a primary button under the pointer (the next
      // step's button appearing where the user just clicked) then looked disabled. Deeper reads as live.
      colorPrimaryHover: '#4a4ee6',
      colorPrimaryActive: '#3c40c9',
    },
    components: { Layout: { siderBg: '#ffffff', bodyBg: PAGE_BACKGROUND.light } },
  },
  dark: {
    zeroRuntime,
    algorithm: antdTheme.darkAlgorithm,
    token: {
      ...shared,
      colorBgLayout: PAGE_BACKGROUND.dark,
      colorBgContainer: '#171a21',
      colorBgElevated: '#1e222b',
    },
    components: { Layout: { siderBg: '#14171d', bodyBg: PAGE_BACKGROUND.dark } },
  },
};

/** antd spaces two-character Chinese labels (确 定); Japanese does not write 変 更, so only Chinese keeps it. */
const NO_CJK_SPACING = { autoInsertSpace: false };
const buttonConfigFor = (locale: string) => (locale === 'ja-JP' ? NO_CJK_SPACING : undefined);

/**
 * The app's providers. The query client is the app's once loaded (query-client.ts), or `queryClient`
 * (tests). It is given through TanStack Query's context directly: its provider needs a client from the
 * start, and wrapping the app in it later would mount the whole page again.
 */
export function Providers({ queryClient, children }: { queryClient?: QueryClient; children: ReactNode }) {
  const loadedClient = useQueryClientStore((state) => state.client);
  const client = queryClient ?? loadedClient;
  const antdLocale = useLocaleStore((state) => state.antdLocale);
  const locale = useLocaleStore((state) => state.locale);
  const actual = useThemeStore((state) => state.actual);
  // What QueryClientProvider does: refetch on focus and reconnect while mounted.
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return (
    <QueryClientContext.Provider value={client}>
      <ConfigProvider locale={antdLocale} theme={THEMES[actual]} button={buttonConfigFor(locale)}>
        {children}
      </ConfigProvider>
    </QueryClientContext.Provider>
  );
}
