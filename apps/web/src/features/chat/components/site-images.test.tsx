import '../../../test/dom-setup.ts';
import { CHAT_SITES_API, SITE_IMAGE_MAX_BYTES, type SiteImage } from '@tandem/contract/chat-sites';
import { ERRORS } from '@tandem/contract/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInWithClipboard } from '../../../test/clipboard.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { SiteImages } from './site-images.tsx';

const notices = recordNotices();

const imageOf = (name: string): SiteImage => ({
  name,
  path: `assets/${name}`,
  mime_type: 'image/png',
  size: 68,
  url: `/api/upload/files/${name}`,
  created_at: '2026-11-25T10:00:00.000Z',
});

/** The image calls of conv-1: an upload named `bad.png` is refused as the server refuses a non-image. */
function serve(existing: SiteImage[] = []) {
  let images = existing;
  const uploads: { conversationId: unknown; fileName: string }[] = [];
  const api = fakeApi({
    [CHAT_SITES_API.siteImages]: () => ({ data: { data: images, total: images.length } }),
    [CHAT_SITES_API.deleteSiteImage]: (body) => {
      images = images.filter((image) => image.name !== (body as { name: string }).name);
      return { data: null };
    },
    [CHAT_SITES_API.uploadSiteImage]: (body) => {
      const form = body as FormData;
      const file = form.get('file') as File;
      uploads.push({ conversationId: form.get('conversation_id'), fileName: file.name });
      if (file.name === 'bad.png')
        return {
          status: 400,
          code: ERRORS.SITE_IMAGE_WRONG_TYPE.code,
          msg: 'Only PNG, JPEG, GIF or WebP images can be added to a page.',
        };
      const image = imageOf(file.name);
      images = [image, ...images];
      return { data: image };
    },
  });
  return { api, uploads };
}

const writeText = signedInWithClipboard();

const open = async () => {
  await renderPage(<SiteImages conversationId="conv-1" />);
  fireEvent.click(await screen.findByRole('button', { name: /Images/ }));
  return (await screen.findByText(/belong to every version/)).closest('.ant-popover') as HTMLElement;
};

const choose = (file: File) =>
  fireEvent.change(screen.getByTestId('site-image-input'), { target: { files: [file] } });

describe("the site's images", () => {
  it('adds an image, says how to use it, and lists its address to copy', async () => {
    const { uploads } = serve();
    const popover = await open();
    expect(await within(popover).findByText('No images yet.')).toBeTruthy();
    choose(new File([new Uint8Array(68)], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(uploads).toEqual([{ conversationId: 'conv-1', fileName: 'logo.png' }]));
    expect(await within(popover).findByText('assets/logo.png')).toBeTruthy();
    expect(notices.texts()).toContain('Image added: ask the agent to use assets/logo.png.');
    fireEvent.click(within(popover).getByRole('button', { name: 'Copy address: assets/logo.png' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('assets/logo.png'));
    expect(
      within(popover).getByRole('list', { name: 'Images' }).querySelector('img')?.getAttribute('src'),
    ).toBe('/api/upload/files/logo.png');
  });

  it('refuses an image over 3.5 MB before sending it, and shows why the server refused another', async () => {
    const { uploads } = serve([imageOf('kept.png')]);
    const popover = await open();
    expect(await within(popover).findByText('assets/kept.png')).toBeTruthy();
    choose(new File([new Uint8Array(SITE_IMAGE_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' }));
    expect(uploads).toEqual([]);
    expect(notices.texts()).toContain('An image for a page can be at most 3.5 MB.');
    choose(new File([new Uint8Array(8)], 'bad.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(notices.texts()).toContain('Only PNG, JPEG, GIF or WebP images can be added to a page.'),
    );
    expect(within(popover).queryByText('assets/bad.png')).toBeNull();
  });

  it('removes an image after a confirmation', async () => {
    const { api } = serve([imageOf('old.png'), imageOf('kept.png')]);
    const popover = await open();
    fireEvent.click(await within(popover).findByRole('button', { name: 'Remove: assets/old.png' }));
    const confirm = await screen.findByText('Remove assets/old.png?');
    expect(api.bodiesOf(CHAT_SITES_API.deleteSiteImage)).toEqual([]);
    fireEvent.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() =>
      expect(api.bodiesOf(CHAT_SITES_API.deleteSiteImage)).toEqual([
        { conversation_id: 'conv-1', name: 'old.png' },
      ]),
    );
    await waitFor(() => expect(within(popover).queryByText('assets/old.png')).toBeNull());
    expect(within(popover).getByText('assets/kept.png')).toBeTruthy();
    expect(notices.keys()).toContain('sites.image_removed');
  });
});
