import type { Locale } from '@tandem/contract/i18n';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { createQueryClient } from '../app/create-query-client.ts';
import { Providers } from '../app/providers.tsx';
import { createAppRouter } from '../app/router.tsx';
import { initI18n, loadFullCatalogue } from '../shared/i18n/i18n.ts';
import { forgetClientConfig } from '../shared/system/client-config.ts';

const MOCK_LAYOUT = { viewportHeight: 100_000, itemHeight: 100 };

/**
 * Renders a page in the real providers and language, at `path`, without the app's guard. Other paths show
 * their own path (`landed on /x`), so a test can see where the page navigated.
 */
export async function renderPage(
  element: ReactNode,
  {
    locale = 'en-US',
    path = '/',
    route = path.split('?')[0],
  }: { locale?: Locale; path?: string /** the route pattern, when it has parameters */; route?: string } = {},
) {
  // Each render is a new page load: the server's client configuration is asked again.
  forgetClientConfig();
  // A page rendered alone has the whole catalogue, as the app gives it once past the sign-in pages.
  await initI18n(locale);
  await loadFullCatalogue();
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <LandedOn /> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <Providers queryClient={createQueryClient()}>
      {/* jsdom lays nothing out: virtual lists get a tall viewport to fill, so every item is there. */}
      <VirtuosoMockContext.Provider value={MOCK_LAYOUT}>
        <RouterProvider router={router} />
      </VirtuosoMockContext.Provider>
    </Providers>,
  );
  return Object.assign(result, { router });
}

function LandedOn() {
  const location = useLocation();
  return <p>landed on {location.pathname + location.search}</p>;
}

/**
 * The whole app (guard, lazy routes, shell) as a browser opening `path` shows it. Answers its router,
 * which the test disposes after: one left running would keep navigating the shared window history.
 */
export async function renderApp(path: string, { locale = 'en-US' }: { locale?: Locale } = {}) {
  window.history.replaceState(null, '', path);
  forgetClientConfig();
  await initI18n(locale);
  const router = createAppRouter();
  render(
    <Providers queryClient={createQueryClient()}>
      <VirtuosoMockContext.Provider value={MOCK_LAYOUT}>
        <RouterProvider router={router} />
      </VirtuosoMockContext.Provider>
    </Providers>,
  );
  return router;
}
