import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../shared/session/session-store.ts';
import { useIdentityWatch } from './use-identity-watch.ts';

const api = vi.hoisted(() => ({ checkIdentity: vi.fn(), sendHeartbeat: vi.fn() }));
vi.mock('../api/check-identity.ts', async (original) => ({
  ...(await original<typeof import('../api/check-identity.ts')>()),
  checkIdentity: api.checkIdentity,
}));
vi.mock('../api/heartbeat.ts', () => ({ sendHeartbeat: api.sendHeartbeat }));

const MINUTE = 60_000;

function watchAt(path: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
  );
  return renderHook(() => useIdentityWatch(), { wrapper });
}

beforeEach(() => {
  vi.useFakeTimers();
  api.checkIdentity.mockResolvedValue({ auth_result: 1, user_id: 7, token: 'token-1' });
  api.sendHeartbeat.mockResolvedValue({ user_id: 7 });
  getSession().setToken('token-1');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
  getSession().reset();
});

describe('the identity watch', () => {
  it('checks the identity every minute and sends the heartbeat every five', async () => {
    const { unmount } = watchAt('/dashboard');
    await act(() => vi.advanceTimersByTimeAsync(5 * MINUTE));
    expect(api.checkIdentity).toHaveBeenCalledTimes(5);
    expect(api.sendHeartbeat).toHaveBeenCalledTimes(1);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(10 * MINUTE));
    expect(api.sendHeartbeat).toHaveBeenCalledTimes(1);
  });

  it('skips a failed heartbeat and goes on', async () => {
    api.sendHeartbeat.mockRejectedValueOnce(new Error('offline'));
    watchAt('/dashboard');
    await act(() => vi.advanceTimersByTimeAsync(10 * MINUTE));
    expect(api.sendHeartbeat).toHaveBeenCalledTimes(2);
  });

  it.each(['/login', '/register', '/chat-share/abc'])('stays quiet on %s', async (path) => {
    watchAt(path);
    await act(() => vi.advanceTimersByTimeAsync(10 * MINUTE));
    expect(api.checkIdentity).not.toHaveBeenCalled();
    expect(api.sendHeartbeat).not.toHaveBeenCalled();
  });

  it('stays quiet without a session', async () => {
    getSession().reset();
    watchAt('/dashboard');
    await act(() => vi.advanceTimersByTimeAsync(10 * MINUTE));
    expect(api.sendHeartbeat).not.toHaveBeenCalled();
  });
});
