import '../../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../../../shared/api/http.ts';
import { fakeApi } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render-app.tsx';
import { PdfUploadDialog } from './pdf-upload-dialog.tsx';

const UPLOAD = '/api/knowledge/upload-pdf';
const PDF_BYTES = '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n';

const pdfFile = (name: string, size?: number) => {
  const file = new File([PDF_BYTES], name, { type: 'application/pdf' });
  // A large file without holding its megabytes: only the size is read before the content's first bytes.
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

const uploaded = (id: number) => ({ data: { id, uniq_code: `pdf${id}`, name: `PDF ${id}`, page_count: 1 } });

async function renderDialog(onUploaded = vi.fn()) {
  await renderPage(
    <PdfUploadDialog open projectId={7} parentId={null} onClose={() => {}} onUploaded={onUploaded} />,
  );
  return { dialog: await screen.findByRole('dialog', { name: 'Upload PDFs' }), onUploaded };
}

const choose = (dialog: HTMLElement, files: File[]) =>
  fireEvent.change(dialog.querySelector('input[type=file]') as HTMLInputElement, { target: { files } });

const rowOf = (dialog: HTMLElement, name: string) =>
  within(dialog).getByText(name).closest('li') as HTMLElement;

describe('the PDF upload dialog', () => {
  it('says what it takes: PDF only, 20 MB each, 50 at a time, no scans', async () => {
    fakeApi({});
    const { dialog } = await renderDialog();
    expect(
      within(dialog).getByText(
        'PDF only, up to 20 MB each, up to 50 files at a time. Scanned PDFs without text are not supported.',
      ),
    ).toBeTruthy();
    expect((dialog.querySelector('input[type=file]') as HTMLInputElement).accept).toBe(
      '.pdf,application/pdf',
    );
  });

  it('refuses a file that is not a PDF by its content, and one over 20 MB, without sending them', async () => {
    const api = fakeApi({ [UPLOAD]: () => uploaded(1) });
    const { dialog, onUploaded } = await renderDialog();
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'holiday.pdf', {
      type: 'application/pdf',
    });
    choose(dialog, [picture, pdfFile('Huge.pdf', 20 * 1024 * 1024 + 1), pdfFile('Fine.pdf')]);

    await waitFor(() => expect(rowOf(dialog, 'holiday.pdf').dataset.status).toBe('refused'));
    expect(within(rowOf(dialog, 'holiday.pdf')).getByRole('alert').textContent).toBe(
      'Not a PDF: only PDF files can be uploaded.',
    );
    await waitFor(() => expect(rowOf(dialog, 'Huge.pdf').dataset.status).toBe('refused'));
    expect(within(rowOf(dialog, 'Huge.pdf')).getByRole('alert').textContent).toBe('Larger than 20 MB.');
    await waitFor(() => expect(rowOf(dialog, 'Fine.pdf').dataset.status).toBe('done'));
    expect(api.calls.filter((call) => call.url === UPLOAD)).toHaveLength(1);
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByText('1 of 3 uploaded')).toBeTruthy();
    // Refusals are for good: nothing to try again.
    expect(within(dialog).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('takes 50 files of one selection and leaves the 51st out, saying why', async () => {
    let id = 0;
    const api = fakeApi({ [UPLOAD]: () => uploaded(++id) });
    const { dialog } = await renderDialog();
    const files = Array.from({ length: 51 }, (_, index) => pdfFile(`Report ${index + 1}.pdf`));
    choose(dialog, files);

    const last = await waitFor(() => {
      const row = rowOf(dialog, 'Report 51.pdf');
      expect(row.dataset.status).toBe('refused');
      return row;
    });
    expect(within(last).getByRole('alert').textContent).toBe(
      'Left out: at most 50 files can be uploaded at a time.',
    );
    await waitFor(() => expect(within(dialog).getByText('50 of 51 uploaded')).toBeTruthy(), {
      timeout: 30_000,
    });
    expect(api.calls.filter((call) => call.url === UPLOAD)).toHaveLength(50);
  });

  it('shows each file’s progress, the server’s refusal of a scan, and retries a failed upload', async () => {
    const answers: Record<string, () => Response | Promise<Response>> = {};
    const envelope = (status: number, body: object) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    let releaseSlow: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    let isOffline = true;
    answers['Slow.pdf'] = async () => {
      await slow;
      return envelope(200, { code: 0, msg: '', ...uploaded(1) });
    };
    answers['Scan.pdf'] = () =>
      envelope(400, {
        code: 2232,
        msg: 'Scanned PDFs are not supported: this PDF has no text layer to read.',
      });
    answers['Flaky.pdf'] = () => {
      if (isOffline) throw new TypeError('Failed to fetch');
      return envelope(200, { code: 0, msg: '', ...uploaded(3) });
    };
    http.setTransport(async (request) => {
      const file = (request.body as FormData).get('file') as File;
      request.onUploadProgress?.(0.4);
      return answers[file.name]!();
    });
    const { dialog } = await renderDialog();
    choose(dialog, [pdfFile('Slow.pdf'), pdfFile('Scan.pdf'), pdfFile('Flaky.pdf')]);

    await waitFor(() => expect(rowOf(dialog, 'Slow.pdf').dataset.status).toBe('sending'));
    const progress = within(rowOf(dialog, 'Slow.pdf')).getByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(within(rowOf(dialog, 'Slow.pdf')).getByText('Uploading')).toBeTruthy();

    await waitFor(() => expect(rowOf(dialog, 'Scan.pdf').dataset.status).toBe('refused'));
    expect(within(rowOf(dialog, 'Scan.pdf')).getByRole('alert').textContent).toBe(
      'Scanned PDFs are not supported: this PDF has no text layer to read.',
    );
    expect(within(rowOf(dialog, 'Scan.pdf')).queryByRole('button', { name: /Retry/ })).toBeNull();

    await waitFor(() => expect(rowOf(dialog, 'Flaky.pdf').dataset.status).toBe('failed'));
    isOffline = false;
    fireEvent.click(within(rowOf(dialog, 'Flaky.pdf')).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(rowOf(dialog, 'Flaky.pdf').dataset.status).toBe('done'));

    releaseSlow();
    await waitFor(() => expect(rowOf(dialog, 'Slow.pdf').dataset.status).toBe('done'));
    expect(within(dialog).getByText('2 of 3 uploaded')).toBeTruthy();
  });
});
