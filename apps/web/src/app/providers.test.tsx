import '../test/dom-setup.ts';
import { screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render-app.tsx';
import { BRAND_PRIMARY, THEMES } from './providers.tsx';

describe('buttons with two CJK characters', () => {
  it('read as one word in Japanese ("変更", not "変 更")', async () => {
    await renderPage(<Button>変更</Button>, { locale: 'ja-JP' });
    expect(screen.getByRole('button').textContent).toBe('変更');
  });

  it('keep antd\'s spacing in Chinese ("确 定")', async () => {
    await renderPage(<Button>确定</Button>, { locale: 'zh-CN' });
    expect(screen.getByRole('button').textContent).toBe('确 定');
  });
});

/** Relative luminance of a #rrggbb colour. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

describe('a primary button in the light theme', () => {
  it('deepens under the pointer and when pressed, where a paler one read as disabled', () => {
    const { colorPrimaryHover, colorPrimaryActive } = THEMES.light.token!;
    expect(luminance(colorPrimaryHover!)).toBeLessThan(luminance(BRAND_PRIMARY));
    expect(luminance(colorPrimaryActive!)).toBeLessThan(luminance(colorPrimaryHover!));
  });
});
