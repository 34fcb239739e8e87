import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';

const STORAGE_KEY = 'tandem.site-panel-width';
/** The narrowest the web preview and, beside it, the conversation may become. */
export const PANEL_MIN_PX = 360;
export const CHAT_MIN_PX = 400;
const KEY_STEP_PX = 40;

function storedWidth(): number | null {
  try {
    const value = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isFinite(value) && value >= PANEL_MIN_PX ? value : null;
  } catch {
    return null;
  }
}

/**
 * The web preview's width, set by dragging (or the arrow keys on) the separator at its inline start;
 * kept for the next visit. Null: the panel and the conversation share the room (the CSS default).
 */
export function usePanelResize() {
  const [width, setWidth] = useState<number | null>(storedWidth);
  const panel = useRef<HTMLElement | null>(null);
  const drag = useRef<{ startX: number; startWidth: number; room: number } | null>(null);

  /** Widths the panel may take: the conversation beside it keeps CHAT_MIN_PX. */
  function clamp(next: number, room: number) {
    return Math.round(Math.max(PANEL_MIN_PX, Math.min(next, room)));
  }

  function measure() {
    const element = panel.current;
    const chat = element?.parentElement?.querySelector<HTMLElement>(':scope > .chat-main');
    const current = element?.getBoundingClientRect().width ?? PANEL_MIN_PX;
    const chatWidth = chat?.getBoundingClientRect().width ?? CHAT_MIN_PX;
    return { current, room: current + chatWidth - CHAT_MIN_PX };
  }

  function apply(next: number) {
    setWidth(next);
    try {
      localStorage.setItem(STORAGE_KEY, String(next));
    } catch {
      // Not kept for the next visit; the width holds for this one.
    }
  }

  const separator = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      const { current, room } = measure();
      drag.current = { startX: event.clientX, startWidth: current, room };
      event.currentTarget.setPointerCapture(event.pointerId);
      event.preventDefault();
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const start = drag.current;
      if (!start) return;
      // The separator is on the panel's left: dragging left widens it.
      apply(clamp(start.startWidth + start.startX - event.clientX, start.room));
    },
    onPointerUp() {
      drag.current = null;
    },
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      const step = event.key === 'ArrowLeft' ? KEY_STEP_PX : event.key === 'ArrowRight' ? -KEY_STEP_PX : 0;
      if (!step) return;
      event.preventDefault();
      const { current, room } = measure();
      apply(clamp(current + step, room));
    },
  };

  return { width, panel, separator };
}
