import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { CreateTeamDialog } from './create-team-dialog.tsx';

const session = vi.hoisted(() => ({ reloadAtRoot: vi.fn() }));
vi.mock('../api/session.ts', () => ({ reloadAtRoot: session.reloadAtRoot, reloadSessionUser: vi.fn() }));

const INDUSTRIES = [
  {
    id: 1,
    name: 'Information technology',
    children: [
      { id: 11, name: 'Software' },
      { id: 12, name: 'Internet services' },
    ],
  },
  { id: 2, name: 'Finance', children: [{ id: 21, name: 'Banking' }] },
];

beforeEach(() => session.reloadAtRoot.mockReset());
afterEach(() => vi.useRealTimers());

/** Opens an antd select or cascader by its label and clicks the options in order. */
async function choose(label: string, ...options: string[]) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  for (const option of options) {
    const matches = await screen.findAllByText(option, {
      selector: '.ant-cascader-menu-item-content, .ant-select-item-option-content',
    });
    fireEvent.click(matches.at(-1)!);
  }
}

describe('creating a team', () => {
  it('checks the name, industry and size before sending anything', async () => {
    const api = fakeApi({ '/api/dict/get-tree-industry': () => ({ data: INDUSTRIES }) });
    await renderPage(<CreateTeamDialog open onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText('The team name has 3 to 100 characters.')).toBeTruthy();
    expect(await screen.findByText('Please choose the industry.')).toBeTruthy();
    expect(await screen.findByText('Please choose the company size.')).toBeTruthy();
    expect(api.bodiesOf('/api/team/create-team')).toEqual([]);
  });

  it('sends the last chosen industry and scale 0, then starts the app again in the new team', async () => {
    const api = fakeApi({
      '/api/dict/get-tree-industry': () => ({ data: INDUSTRIES }),
      '/api/team/create-team': () => ({ data: { team_id: 40 } }),
    });
    await renderPage(<CreateTeamDialog open onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: '  Acme Marketing ' } });
    await waitFor(() => expect(api.bodiesOf('/api/dict/get-tree-industry')).toHaveLength(1));
    await choose('Industry', 'Information technology', 'Internet services');
    await choose('Company size', '51~100 people');
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(session.reloadAtRoot).toHaveBeenCalled());
    expect(api.bodiesOf('/api/team/create-team')).toEqual([
      { name: 'Acme Marketing', industry_id: 12, scale: 0 },
    ]);
  });
});
