import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePdfZoom } from './use-pdf-zoom.ts';

const resizeTo = (width: number, height = 800) =>
  act(() => {
    Object.assign(window, { innerWidth: width, innerHeight: height });
    window.dispatchEvent(new Event('resize'));
  });

afterEach(() => {
  Object.assign(window, { innerWidth: 1024, innerHeight: 768 });
});

describe('the PDF viewer zoom', () => {
  it('fits the width again when the window narrows after the user zoomed to 200%', () => {
    resizeTo(1440, 900);
    const { result } = renderHook(() => usePdfZoom());
    expect(result.current[0]).toBe('fit');
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(2);

    resizeTo(390);
    expect(result.current[0]).toBe('fit');
    // Zoomed after the resize: that zoom holds until the width changes again.
    act(() => result.current[1](1.5));
    resizeTo(390, 700);
    expect(result.current[0]).toBe(1.5);
    resizeTo(844, 390);
    expect(result.current[0]).toBe('fit');
  });
});
