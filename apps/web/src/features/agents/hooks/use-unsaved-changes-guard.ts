import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `isDirty`, leaving asks first: navigation inside the app is held until the user answers (the
 * blocker's `proceed` / `reset`), and closing or reloading the tab gets the browser's own question.
 * Moving within the same page (the query of a new agent's first save) is never held.
 */
export function useUnsavedChangesGuard(isDirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return blocker;
}
