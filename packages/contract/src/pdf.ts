import { z } from 'zod';
import { docData } from './project.ts';

/**
 * PDFs in a project's catalogue: uploaded one file a request
 * (the dialog takes up to `PDF_FILES_PER_SELECTION` at once, `limits.ts`), shown in a viewer, their
 * pages' text indexed for search and knowledge. A PDF is a catalogue node of kind `pdf`: it is
 * moved, renamed, copied, shared, downloaded and deleted with the documents' calls.
 */
export const PDF_API = {
  /** Multipart: `file` (a PDF), `project_id`, `parent_id` (empty or absent: the top level). */
  upload: '/api/knowledge/upload-pdf',
  /** `?uniq_code&share_code`: what the viewer shows of a PDF and what the caller may do to it. */
  info: '/api/knowledge/get-pdf',
  /** `?uniq_code&share_code&download`: the PDF's bytes (inline for the viewer, or as a download). */
  file: '/api/knowledge/get-pdf-file',
} as const;

/** A PDF longer than this many pages is refused: its text would take too long to read at upload. */
export const PDF_PAGES_MAX = 2000;

/** The viewer's zoom steps (1 is the page at 100 %); "fit width" picks any scale between the ends. */
export const PDF_ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

export const uploadPdfData = z.object({
  id: z.number().int(),
  uniq_code: z.string(),
  name: z.string(),
  page_count: z.number().int(),
});
export type UploadPdfData = z.infer<typeof uploadPdfData>;

export const pdfQuery = z.object({
  uniq_code: z.string().trim().min(1).max(64),
  /** A share link's code: the PDF opens read-only for anyone holding it, signed in or not. */
  share_code: z.string().trim().min(1).max(64).optional(),
});
export const pdfFileQuery = pdfQuery.extend({
  /** 1: as an attachment under the PDF's name (download); otherwise inline for the viewer. */
  download: z.coerce.number().int().min(0).max(1).default(0),
});

/** What the viewer shows of a PDF: a document's page information, with its pages and size. */
export const pdfData = docData
  .pick({
    id: true,
    uniq_code: true,
    project_id: true,
    project_uniq_code: true,
    project_name: true,
    name: true,
    updated_at: true,
    can_edit: true,
    share_code: true,
  })
  .extend({ page_count: z.number().int(), byte_size: z.number().int() });
export type PdfData = z.infer<typeof pdfData>;
