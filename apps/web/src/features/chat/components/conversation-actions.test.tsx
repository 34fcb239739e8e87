import '../../../test/dom-setup.ts';
import { CHAT_SHARE_API, type ConversationShare } from '@tandem/contract/chat-share';
import { ERRORS } from '@tandem/contract/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInWithClipboard } from '../../../test/clipboard.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { ConversationActions } from './conversation-actions.tsx';

const notices = recordNotices();

const shareOf = (code: string, created_at = new Date().toISOString()): ConversationShare => ({
  share_code: code,
  url: `http://localhost/chat-share/${code}`,
  message_count: 4,
  created_at,
});

/** The share calls of conversation conv-1, keeping the links it was given and made. */
function serve(existing: ConversationShare[] = []) {
  let links = [...existing];
  let made = 0;
  return fakeApi({
    [CHAT_SHARE_API.shareList]: () => ({ data: { data: links, total: links.length } }),
    [CHAT_SHARE_API.share]: () => {
      made += 1;
      const share = shareOf(`NewLinkCode${made}xxxxxxxxxxxxxxxxxxxxx`);
      links = [share, ...links];
      return { data: share };
    },
    [CHAT_SHARE_API.revoke]: (body) => {
      links = links.filter((link) => link.share_code !== (body as { share_code: string }).share_code);
      return { data: null };
    },
  });
}

const writeText = signedInWithClipboard();

const openDialog = async () => {
  await renderPage(<ConversationActions conversationId="conv-1" />);
  fireEvent.click(await screen.findByRole('button', { name: /Share/ }));
  return screen.findByRole('dialog', { name: 'Share this conversation' });
};

describe('the share dialog', () => {
  it('makes a link on request, copies it and revokes it after a confirmation', async () => {
    const api = serve();
    const dialog = await openDialog();
    expect(await within(dialog).findByText(/No active links/)).toBeTruthy();
    // Opening the dialog made no link.
    expect(api.bodiesOf(CHAT_SHARE_API.share)).toEqual([]);
    expect(api.paramsOf(CHAT_SHARE_API.shareList)[0]).toMatchObject({ conversation_id: 'conv-1' });

    fireEvent.click(within(dialog).getByRole('button', { name: /Create link/ }));
    const link = (await within(dialog).findByRole('textbox', { name: 'Share link' })) as HTMLInputElement;
    expect(link.value).toBe('http://localhost/chat-share/NewLinkCode1xxxxxxxxxxxxxxxxxxxxx');
    expect(api.bodiesOf(CHAT_SHARE_API.share)).toEqual([{ conversation_id: 'conv-1' }]);
    expect(within(dialog).getByText(/Messages: 4/)).toBeTruthy();
    expect(notices.keys()).toContain('chat_share.created');

    fireEvent.click(within(dialog).getByRole('button', { name: /Copy link/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link.value));
    await waitFor(() => expect(notices.keys()).toContain('chat_share.copied'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    // Nothing is revoked until the confirmation is answered.
    const confirm = await screen.findByText('Revoke this link?');
    expect(api.bodiesOf(CHAT_SHARE_API.revoke)).toEqual([]);
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(api.bodiesOf(CHAT_SHARE_API.revoke)).toEqual([
        { share_code: 'NewLinkCode1xxxxxxxxxxxxxxxxxxxxx' },
      ]),
    );
    expect(await within(dialog).findByText(/No active links/)).toBeTruthy();
    expect(notices.keys()).toContain('chat_share.revoked');
  });

  it('lists the links made before and makes another on request', async () => {
    const api = serve([shareOf('OlderLinkCodexxxxxxxxxxxxxxxxxxxxx', '2026-01-02T10:00:00Z')]);
    const dialog = await openDialog();
    expect(
      ((await within(dialog).findByRole('textbox', { name: 'Share link' })) as HTMLInputElement).value,
    ).toBe('http://localhost/chat-share/OlderLinkCodexxxxxxxxxxxxxxxxxxxxx');
    fireEvent.click(within(dialog).getByRole('button', { name: /Create a new link/ }));
    await waitFor(() =>
      expect(within(dialog).getAllByRole('textbox', { name: 'Share link' })).toHaveLength(2),
    );
    expect(api.bodiesOf(CHAT_SHARE_API.share)).toHaveLength(1);
  });

  it('says why a link could not be made', async () => {
    fakeApi({
      [CHAT_SHARE_API.shareList]: () => ({ data: { data: [], total: 0 } }),
      [CHAT_SHARE_API.share]: () => ({
        status: 409,
        code: ERRORS.SHARE_NOTHING_YET.code,
        msg: 'nothing yet',
      }),
    });
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: /Create link/ }));
    expect(await within(dialog).findByText('There is no finished message to share yet.')).toBeTruthy();
  });
});

describe('the PDF export button', () => {
  it('downloads the conversation in the reader’s time zone, showing that it is busy meanwhile', async () => {
    let answer: (value: { data: unknown }) => void = () => {};
    const api = fakeApi({ [CHAT_SHARE_API.exportPdf]: () => new Promise((resolve) => (answer = resolve)) });
    const createObjectURL = vi.fn(() => 'blob:pdf');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderPage(<ConversationActions conversationId="conv-1" />);

    const button = await screen.findByRole('button', { name: /Export PDF/ });
    fireEvent.click(button);
    await waitFor(() => expect(button.className).toContain('ant-btn-loading'));
    expect(api.paramsOf(CHAT_SHARE_API.exportPdf)).toEqual([
      { conversation_id: 'conv-1', time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    ]);
    answer({ data: null });
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
    expect(notices.keys()).toEqual([]);
  });

  it('says so when the export fails', async () => {
    fakeApi({
      [CHAT_SHARE_API.exportPdf]: () => ({ status: 404, code: ERRORS.CONVERSATION_NOT_FOUND.code }),
    });
    await renderPage(<ConversationActions conversationId="conv-1" />);
    fireEvent.click(await screen.findByRole('button', { name: /Export PDF/ }));
    await waitFor(() => expect(notices.keys()).toEqual(['error.conversation_not_found']));
  });
});
