import { SITE_PICK_MESSAGES, type SitePickedElement, sitePickMessage } from '@tandem/contract/chat-site-pick';
import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Element chat's pick mode, seen from the app (the protocol: chat-site-pick.ts). The frame is an opaque
 * origin, so it is told with `'*'`; what comes back is taken only from that frame's window, only while
 * picking (a page cannot put an element in the composer unasked), and only in the contract's shape.
 */
export function useSitePick(
  frame: RefObject<HTMLIFrameElement | null>,
  onPick: (element: SitePickedElement) => void,
) {
  const [isPicking, setPicking] = useState(false);
  const isPickingNow = useRef(false);
  const onPickNow = useRef(onPick);
  onPickNow.current = onPick;

  const setMode = (active: boolean) => {
    isPickingNow.current = active;
    setPicking(active);
    frame.current?.contentWindow?.postMessage({ type: SITE_PICK_MESSAGES.mode, active }, '*');
  };
  const setModeNow = useRef(setMode);
  setModeNow.current = setMode;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const source = frame.current?.contentWindow;
      if (!isPickingNow.current || !source || event.source !== source) return;
      const message = sitePickMessage.safeParse(event.data);
      if (!message.success) return;
      isPickingNow.current = false;
      setPicking(false);
      if (message.data.type === SITE_PICK_MESSAGES.picked) onPickNow.current(message.data.element);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);

  // Escape while the focus is still in the app (on the toggle) ends picking too; in the frame, the frame's script does.
  useEffect(() => {
    if (!isPicking) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setModeNow.current(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isPicking]);

  return {
    isPicking,
    toggle: () => setMode(!isPickingNow.current),
    stop: () => {
      if (isPickingNow.current) setMode(false);
    },
    /** A page loaded again in the frame (another version, a link followed) starts picking again if asked. */
    onFrameLoad: () => {
      if (isPickingNow.current) setMode(true);
    },
  };
}
