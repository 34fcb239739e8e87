import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient, Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
