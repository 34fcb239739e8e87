import '../../test/dom-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { useThemeStore } from '../../shared/theme/theme-store.ts';
import { createTeam, createUser, createUserIn } from '../../test/factories.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderPage } from '../../test/render-app.tsx';
import { UserMenu } from './user-menu.tsx';

afterEach(() => {
  useSessionStore.setState({ token: null, user: null, points: null });
  useThemeStore.getState().setMode('system');
});

async function openMenu() {
  fakeApi({
    '/api/user/update-preference': () => ({ data: null }),
    '/api/team/get-user-teams': () => ({ data: [] }),
  });
  await renderPage(
    <App>
      <UserMenu collapsed={false} onOpenDialog={() => {}} />
    </App>,
  );
  fireEvent.click(screen.getByRole('button', { name: /Ada/ }));
  return screen.findByRole('menu');
}

function openSubmenuByKeyboard(item: HTMLElement) {
  item.focus();
  fireEvent.keyDown(item, { key: 'ArrowRight', keyCode: 39, which: 39 });
}

describe('the user menu', () => {
  it('writes the points balance with the grouping of the language', async () => {
    useSessionStore.setState({ token: 'tok', user: createUser(), points: 120967 });
    await openMenu();
    expect(screen.getByText('Points balance: 120,967')).toBeTruthy();
  });

  it("calls the personal team so, as the team switcher does, not by the user's name", async () => {
    useSessionStore.setState({ token: 'tok', user: createUser() });
    await openMenu();
    expect(screen.getByText('Team: Personal team')).toBeTruthy();
    expect(screen.queryByText('Team: Ada')).toBeNull();
  });

  it('names an organisation team by its name', async () => {
    useSessionStore.setState({ token: 'tok', user: createUserIn(createTeam({ name: 'Acme' })) });
    await openMenu();
    expect(screen.getByText('Team: Acme')).toBeTruthy();
  });

  it('closes the theme submenu chosen from with the keyboard, and ticks the new theme next time', async () => {
    useSessionStore.setState({ token: 'tok', user: createUser() });
    useThemeStore.getState().setMode('light');
    const menu = await openMenu();
    openSubmenuByKeyboard(within(menu).getByRole('menuitem', { name: /Theme/ }));
    const dark = await screen.findByRole('menuitem', { name: /Dark/ });
    dark.focus();
    fireEvent.keyDown(dark, { key: 'Enter', keyCode: 13, which: 13 });
    expect(useThemeStore.getState().mode).toBe('dark');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: /Dark/ })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: /Ada/ }));
    const again = await screen.findByRole('menu');
    openSubmenuByKeyboard(within(again).getByRole('menuitem', { name: /Theme/ }));
    const ticked = await screen.findByRole('menuitem', { name: /Dark/ });
    expect(ticked.querySelector('.user-menu__check')).not.toBeNull();
    expect(screen.getByRole('menuitem', { name: /Light/ }).querySelector('.user-menu__check')).toBeNull();
  });
});
