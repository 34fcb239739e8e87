import '../../../test/dom-setup.ts';
import { CHAT_SITES_API, type SiteVersion } from '@tandem/contract/chat-sites';
import { ERRORS } from '@tandem/contract/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInWithClipboard } from '../../../test/clipboard.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { SitePanel } from './site-panel.tsx';

const notices = recordNotices();
const CODE = 'SharedCodexxxxxxxxxxxxxxxxxxxxxx';
const LINK = `http://localhost:3001/s/${CODE}/`;

const versionOf = (version: number, values: Partial<SiteVersion> = {}): SiteVersion => ({
  version,
  status: 'ready',
  created_at: '2026-11-25T10:00:00.000Z',
  message_id: version * 10,
  errors: [],
  preview_url: `http://localhost:3001/p/conv-1.${version}.999.sig/`,
  shared: false,
  share_url: null,
  ...values,
});

/** The site calls of conv-1, whose versions know whether they are shared. */
function serve(versions: SiteVersion[]) {
  let list = versions;
  const mark = (version: number, link: string | null) => {
    list = list.map((each) =>
      each.version === version ? { ...each, shared: link !== null, share_url: link } : each,
    );
  };
  return fakeApi({
    [CHAT_SITES_API.siteVersions]: () => ({ data: { data: list, total: list.length } }),
    [CHAT_SITES_API.shareSite]: (body) => {
      const { version } = body as { version: number };
      if (list.find((each) => each.version === version)?.status !== 'ready')
        return {
          status: 409,
          code: ERRORS.SITE_VERSION_NOT_READY.code,
          msg: 'Only a version that built can be shared.',
        };
      mark(version, LINK);
      return { data: { share_code: CODE, share_url: LINK } };
    },
    [CHAT_SITES_API.unshareSite]: (body) => {
      mark((body as { version: number }).version, null);
      return { data: null };
    },
  });
}

const writeText = signedInWithClipboard();

describe("sharing the panel's version", () => {
  it('turns sharing on, shows the link with Copy, marks the version, and stops it after a confirmation', async () => {
    const api = serve([versionOf(2), versionOf(1)]);
    await renderPage(<SitePanel conversationId="conv-1" />);
    fireEvent.click(await screen.findByRole('button', { name: /Share this version/ }));
    await waitFor(() =>
      expect(api.bodiesOf(CHAT_SITES_API.shareSite)).toEqual([{ conversation_id: 'conv-1', version: 2 }]),
    );
    const link = (await screen.findByRole('textbox', { name: 'Link to version 2' })) as HTMLInputElement;
    expect(link.value).toBe(LINK);
    const popover = link.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: /Copy/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));
    await waitFor(() => expect(notices.keys()).toContain('sites.link_copied'));
    // The toolbar and the version list say it is shared.
    expect(await screen.findByRole('button', { name: 'Shared' })).toBeTruthy();
    expect(screen.getAllByText('Shared').length).toBeGreaterThan(1);

    fireEvent.click(within(popover).getByRole('button', { name: 'Stop sharing' }));
    const confirm = await screen.findByText('Stop sharing version 2?');
    // Nothing ends until the confirmation is answered.
    expect(api.bodiesOf(CHAT_SITES_API.unshareSite)).toEqual([]);
    const confirmation = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Stop sharing' }));
    await waitFor(() =>
      expect(api.bodiesOf(CHAT_SITES_API.unshareSite)).toEqual([{ conversation_id: 'conv-1', version: 2 }]),
    );
    expect(await screen.findByRole('button', { name: /Share this version/ })).toBeTruthy();
    expect(notices.keys()).toContain('sites.share_revoked');
  });

  it('opens the live link of a version shared before without making another', async () => {
    const api = serve([versionOf(1, { shared: true, share_url: LINK })]);
    await renderPage(<SitePanel conversationId="conv-1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Shared' }));
    const link = (await screen.findByRole('textbox', { name: 'Link to version 1' })) as HTMLInputElement;
    expect(link.value).toBe(LINK);
    expect(api.bodiesOf(CHAT_SITES_API.shareSite)).toEqual([]);
  });

  it('offers no sharing for a version that is building or failed', async () => {
    serve([versionOf(2, { status: 'fail', preview_url: null }), versionOf(1)]);
    await renderPage(<SitePanel conversationId="conv-1" />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Share this version|Shared/ })).toBeNull();
  });
});
