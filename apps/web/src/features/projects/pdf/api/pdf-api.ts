import { PDF_API, type PdfData, type UploadPdfData } from '@tandem/contract/pdf';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../../shared/api/http.ts';
import { saveFile } from '../../../../shared/ui/save-file.ts';
import { catalogueFileForm } from '../../api/documents.ts';
import { PROJECTS_KEY } from '../../api/projects.ts';

const shareParams = (uniqCode: string, shareCode?: string) => ({
  uniq_code: uniqCode,
  ...(shareCode ? { share_code: shareCode } : {}),
});

/**
 * Uploads one PDF into the catalogue under `parentId` (null: the top level), reporting how much of it
 * has gone out (0-1). Silent: the upload dialog says what went wrong beside the file.
 */
export function uploadPdf(
  projectId: number,
  parentId: number | null,
  file: File,
  onProgress: (fraction: number) => void,
) {
  return http.post<UploadPdfData>(PDF_API.upload, catalogueFileForm(projectId, parentId, file), {
    onUploadProgress: onProgress,
    silent: true,
    showsForbidden: true,
  });
}

/** What the viewer shows of a PDF (its name, pages, the caller's rights), by code or share link. */
export const pdfQuery = (uniqCode: string, shareCode?: string) =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, 'pdf', uniqCode, shareCode ?? null],
    queryFn: () =>
      http.get<PdfData>(PDF_API.info, {
        params: shareParams(uniqCode, shareCode),
        silent: true,
        showsForbidden: true,
      }),
    retry: false,
  });

/** The PDF's bytes for the viewer, fetched with the caller's session (or the share link's code). */
export const pdfBytesQuery = (uniqCode: string, shareCode?: string) =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, 'pdf-bytes', uniqCode, shareCode ?? null],
    queryFn: async () => {
      const { blob } = await http.download(PDF_API.file, {
        params: shareParams(uniqCode, shareCode),
        silent: true,
        showsForbidden: true,
      });
      return new Uint8Array(await blob.arrayBuffer());
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });

/** Saves the PDF under its name. */
export async function downloadPdf(uniqCode: string, fileName: string, shareCode?: string) {
  const { blob } = await http.download(PDF_API.file, {
    params: { ...shareParams(uniqCode, shareCode), download: 1 },
  });
  saveFile(blob, fileName);
}
