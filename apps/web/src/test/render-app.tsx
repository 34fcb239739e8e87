import type { Locale } from '@tandem/contract/i18n';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../app/providers.tsx';
import { initI18n } from '../shared/i18n/i18n.ts';

/** Renders a page in the real providers and language, at `path`, without the app's guard. */
export async function renderPage(
  element: ReactNode,
  { locale = 'en-US', path = '/' }: { locale?: Locale; path?: string } = {},
) {
  await initI18n(locale);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}
