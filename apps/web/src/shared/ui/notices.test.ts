import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('notices', () => {
  beforeEach(() => {
    vi.resetModules();
    sessionStorage.clear();
  });

  it('wait for the host, then arrive in order', async () => {
    const { bindNotices, showNotice } = await import('./notices.ts');
    showNotice({ key: 'error.a' });
    showNotice({ key: 'error.b' }, 'warning');
    const shown: string[] = [];
    bindNotices((notice) => shown.push('key' in notice ? notice.key : notice.text));
    expect(shown).toEqual(['error.a', 'error.b']);
  });

  it('not yet shown when the page loads anew are shown on the next page', async () => {
    const before = await import('./notices.ts');
    before.showNotice({ text: 'Signed in on another device.' });
    before.carryPendingNotices();

    vi.resetModules();
    const after = await import('./notices.ts');
    const shown: string[] = [];
    after.bindNotices((notice) => shown.push('text' in notice ? notice.text : notice.key));
    expect(shown).toEqual(['Signed in on another device.']);
    expect(sessionStorage.getItem('tandem.pending-notices')).toBeNull();
  });

  it('meant for the next page wait for it, after any still pending', async () => {
    const before = await import('./notices.ts');
    before.bindNotices(() => {});
    before.showNoticeOnNextPage({ key: 'org_admin.dissolved' });

    vi.resetModules();
    const after = await import('./notices.ts');
    const shown: string[] = [];
    after.bindNotices((notice, level) =>
      shown.push(`${level} ${'key' in notice ? notice.key : notice.text}`),
    );
    expect(shown).toEqual(['success org_admin.dissolved']);
  });

  it('of errors go once the user has put things right, shown or still waiting', async () => {
    const { bindNotices, showNotice, withdrawErrorNotices } = await import('./notices.ts');
    showNotice({ key: 'error.waiting' });
    showNotice({ key: 'common.saved' }, 'success');
    withdrawErrorNotices();
    const shown: string[] = [];
    let onScreen = 0;
    bindNotices(
      (notice) => {
        onScreen++;
        shown.push('key' in notice ? notice.key : notice.text);
      },
      () => {
        onScreen = 0;
      },
    );
    expect(shown).toEqual(['common.saved']);
    showNotice({ key: 'error.login_password' });
    withdrawErrorNotices();
    expect(onScreen).toBe(0);
  });
});
