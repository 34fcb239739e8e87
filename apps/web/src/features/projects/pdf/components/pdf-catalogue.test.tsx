import '../../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fake-api.ts';
import { createDocNode } from '../../../../test/project-factories.ts';
import { renderPage } from '../../../../test/render-app.tsx';
import { Catalogue } from '../../components/catalogue/catalogue.tsx';

const TREE = '/api/knowledge/get-doc-tree';
const tree = () => [
  createDocNode(1, 'Manuals', 'group', [{ ...createDocNode(2, 'Pump manual'), kind: 'pdf' as const }]),
  createDocNode(3, 'Notes'),
];

describe('PDFs in the catalogue', () => {
  it('shows a PDF with its icon, opens it in the viewer and downloads it as itself', async () => {
    fakeApi({ [TREE]: () => ({ data: tree() }) });
    await renderPage(<Catalogue projectId={31} projectName="Handbook" canWrite />);
    fireEvent.click(await screen.findByText('Manuals'));
    const row = (await screen.findByText('Pump manual')).closest('.ant-tree-treenode') as HTMLElement;
    expect(within(row).getByLabelText('PDF')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Actions for Pump manual' }));
    expect(await screen.findByRole('menuitem', { name: /Download PDF/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Markdown/ })).toBeNull();

    fireEvent.click(screen.getByText('Pump manual'));
    await waitFor(() => expect(screen.getByText('landed on /projects/pdf/d2')).toBeTruthy());
  });

  it('opens the upload dialog from the toolbar, for those who may write only', async () => {
    fakeApi({ [TREE]: () => ({ data: tree() }) });
    const { unmount } = await renderPage(<Catalogue projectId={31} projectName="Handbook" canWrite />);
    fireEvent.click(await screen.findByRole('button', { name: /Upload PDF/ }));
    expect(await screen.findByRole('dialog', { name: 'Upload PDFs' })).toBeTruthy();
    unmount();

    await renderPage(<Catalogue projectId={31} projectName="Handbook" canWrite={false} />);
    await screen.findByText('Manuals');
    expect(screen.queryByRole('button', { name: /Upload PDF/ })).toBeNull();
  });
});
