import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { onSessionReset } from '../shared/session/session-store.ts';
import { createQueryClient, Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  // Whatever one account fetched must not show through to the next one signing in on this tab.
  useEffect(() => onSessionReset(() => queryClient.clear()), [queryClient]);
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
