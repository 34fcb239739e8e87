import '../test/dom-setup.ts';
import { screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render-app.tsx';

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
