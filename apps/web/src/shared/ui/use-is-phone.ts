import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px): side columns would squeeze the page, so they become drawers. */
export const PHONE_QUERY = '(max-width: 767.98px)';

const phoneQuery = () =>
  typeof window === 'undefined' || !window.matchMedia ? null : window.matchMedia(PHONE_QUERY);

function subscribe(onChange: () => void) {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the window is phone-narrow, following resizes and rotations. */
export const useIsPhone = () =>
  useSyncExternalStore(
    subscribe,
    () => phoneQuery()?.matches ?? false,
    () => false,
  );
