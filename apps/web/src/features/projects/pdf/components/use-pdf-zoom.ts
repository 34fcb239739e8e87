import { useEffect, useState } from 'react';

export type PdfZoom = 'fit' | number;

/**
 * The viewer's zoom: the page fitted to the width (the start), or a zoom the user chose. When the
 * window's width changes (a phone turned, a window narrowed), the page fits the new width again: a
 * zoom chosen on a wide screen (200%) would leave most of the page outside a phone's. A zoom chosen
 * after that holds until the next change of width. Only the width counts: a phone's address bar
 * coming and going changes the height alone.
 */
export function usePdfZoom() {
  const [zoom, setZoom] = useState<PdfZoom>('fit');
  useEffect(() => {
    let width = window.innerWidth;
    const onResize = () => {
      if (window.innerWidth === width) return;
      width = window.innerWidth;
      setZoom('fit');
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return [zoom, setZoom] as const;
}
