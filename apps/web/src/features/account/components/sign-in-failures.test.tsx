import '../../../test/dom-setup.ts';
import type { SignInFailure } from '@tandem/contract/user';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-app.tsx';
import { SignInFailures } from './sign-in-failures.tsx';

const http = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../shared/api/http.ts', () => ({ http }));

const failure = (overrides: Partial<SignInFailure>): SignInFailure => ({
  ip_address: '81.2.69.142',
  location: 'London, England, United Kingdom',
  count: 5,
  first_time: new Date(Date.now() - 120_000).toISOString(),
  last_time: new Date(Date.now() - 60_000).toISOString(),
  locked_until: null,
  ...overrides,
});

beforeEach(() => http.get.mockReset());

describe('recent failed sign-ins', () => {
  it('shows each address with its place, its count and whether it is locked out', async () => {
    http.get.mockResolvedValue({
      data: [
        failure({ locked_until: new Date(Date.now() + 600_000).toISOString() }),
        failure({ ip_address: '10.0.0.7', location: 'Local network', count: 2 }),
      ],
      total: 2,
    });
    await renderPage(<SignInFailures />);
    const section = screen.getByRole('region', { name: 'Recent failed sign-ins' });
    const attacker = (await within(section).findByText('81.2.69.142')).closest('tr') as HTMLElement;
    expect(within(attacker).getByText('London, England, United Kingdom')).toBeTruthy();
    expect(within(attacker).getByText('5')).toBeTruthy();
    expect(within(attacker).getByText(/^Locked until/)).toBeTruthy();
    const local = within(section).getByText('10.0.0.7').closest('tr') as HTMLElement;
    expect(within(local).getByText('2')).toBeTruthy();
    expect(within(local).queryByText(/^Locked until/)).toBeNull();
    expect(http.get).toHaveBeenCalledWith('/api/device/get-sign-in-failures');
  });

  it('says so when nobody failed to sign in', async () => {
    http.get.mockResolvedValue({ data: [], total: 0 });
    await renderPage(<SignInFailures />);
    expect(await screen.findByText('No failed sign-ins in the last 30 days.')).toBeTruthy();
  });
});
