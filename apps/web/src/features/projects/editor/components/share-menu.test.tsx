import { KNOWLEDGE_API } from '@tandem/contract/api';
import type { DocData } from '@tandem/contract/project';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../../test/dom-setup.ts';
import { fakeApi } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render-app.tsx';
import { ShareMenu } from './share-menu.tsx';

const doc = { id: 7, uniq_code: 'd7', share_code: null } as DocData;

describe('sharing a document from its header', () => {
  it('is one click while the link is off: it turns the link on and copies it; then copy or turn off', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = fakeApi({ [KNOWLEDGE_API.shareDoc]: () => ({ data: { share_code: 'abc' } }) });
    await renderPage(<ShareMenu doc={doc} />);

    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${location.origin}/projects/d7/abc`));
    expect(api.calls.map((call) => call.body)).toEqual([{ doc_id: 7, enabled: true }]);
    // No menu of one item on the way.
    expect(screen.queryByRole('menuitem')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Copy the read-only link', 'Turn the link off']);
  });
});
