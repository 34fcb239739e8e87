import '../../../../test/dom-setup.ts';
import { agentConfig } from '@tandem/contract/agent';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadFullCatalogue } from '../../../../shared/i18n/i18n.ts';
import { DebugPanel } from './debug-panel.tsx';

const REPLY = '## Plan\n\n| City | Days |\n| --- | --- |\n| Kyoto | 2 |\n\n```ts\nconst a = 1;\n```';

vi.mock('../../api/debug-chat.ts', () => ({
  async *debugChat() {
    yield { type: 'delta', content: REPLY };
    yield { type: 'done', content: REPLY };
  },
}));

beforeAll(async () => {
  await initI18n('en-US');
  await loadFullCatalogue();
});

async function ask(markdown: boolean) {
  const config = agentConfig.parse({ name: 'Planner', model_id: 3, markdown });
  const { container } = render(<DebugPanel agentId={5} config={config} />);
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'A trip?' } });
  fireEvent.click(screen.getByRole('button', { name: /send/i }));
  await waitFor(() => expect(container.querySelector('.debug-turn--assistant')).not.toBeNull());
  return container;
}

describe('the preview and debug panel', () => {
  it('renders a reply as chat does when the Markdown option is on', async () => {
    const panel = await ask(true);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Plan' })).toBeTruthy());
    expect(panel.querySelector('table td')?.textContent).toBe('Kyoto');
    expect(panel.querySelector('pre code')?.textContent).toContain('const a = 1;');
    expect(panel.querySelector('.debug-turn--assistant')?.textContent).not.toContain('##');
  });

  it('shows the reply as written when the Markdown option is off', async () => {
    const panel = await ask(false);
    await waitFor(() =>
      expect(panel.querySelector('.debug-turn--assistant')?.textContent).toContain('## Plan'),
    );
    expect(panel.querySelector('table')).toBeNull();
  });
});
