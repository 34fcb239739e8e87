import '../../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fake-api.ts';
import { createDocNode } from '../../../../test/project-factories.ts';
import { renderPage } from '../../../../test/render-app.tsx';
import { Catalogue } from './catalogue.tsx';

const TREE = '/api/knowledge/get-doc-tree';

describe('the catalogue’s search index states', () => {
  it('shows a spinner while indexing, the reason of a failure, and reads the tree again until indexed', async () => {
    let isIndexed = false;
    fakeApi({
      [TREE]: () => {
        return {
          data: [
            { ...createDocNode(1, 'Draft'), index_state: isIndexed ? 'ready' : 'indexing' },
            { ...createDocNode(2, 'Broken'), index_state: 'failed', index_error: 'unreadable' },
            { ...createDocNode(3, 'Vectors'), index_state: 'failed', index_error: 'embedding_failed' },
            createDocNode(4, 'Done'),
          ],
        };
      },
    });
    await renderPage(<Catalogue projectId={31} projectName="Handbook" canWrite />);
    const indexing = await screen.findByRole('img', { name: 'Being indexed for search…' });
    expect(indexing.querySelector('.anticon-loading')).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: "Not indexed for search: This document's content could not be read, so it cannot be searched.",
      }),
    ).toBeTruthy();
    const embedding = screen.getByRole('img', { name: /^Not indexed for search: The embedding model/ });
    fireEvent.mouseEnter(embedding);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Indexed: search finds it' })).toHaveLength(1);
    // No reload needed: the indexing document turns ready by itself.
    isIndexed = true;
    await waitFor(
      () => expect(screen.getAllByRole('img', { name: 'Indexed: search finds it' })).toHaveLength(2),
      {
        timeout: 10_000,
      },
    );
    expect(screen.queryByRole('img', { name: 'Being indexed for search…' })).toBeNull();
  });
});
