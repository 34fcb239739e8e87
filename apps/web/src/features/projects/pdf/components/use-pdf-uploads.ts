import { ERRORS } from '@tandem/contract/errors';
import type { UploadPdfData } from '@tandem/contract/pdf';
import { useCallback, useEffect, useRef, useState } from 'react';
import { noticeOf } from '../../../../shared/api/failure.ts';
import { ApiError } from '../../../../shared/api/http-client.ts';
import type { Notice } from '../../../../shared/ui/notices.ts';
import { uploadPdf } from '../api/pdf-api.ts';
import { type PdfRefusal, pdfRefusal } from '../model/pdf-upload-rules.ts';

/**
 * One file of the dialog: checked, waiting its turn, sending (with its share sent), being read by the
 * server, uploaded; or refused (for good: not a PDF, too large, a scan, over the selection's limit) or
 * failed (the network, the server: it may be tried again).
 */
export type PdfUpload = {
  uid: string;
  file: File;
  /** The group it goes into (null: the top level), as the dialog was opened. */
  parentId: number | null;
  status: 'checking' | 'waiting' | 'sending' | 'reading' | 'done' | 'refused' | 'failed';
  percent: number;
  problem?: Notice;
  refusal?: PdfRefusal;
};

/** Files sent at once: two keep the line busy without one large file holding up every other. */
const PARALLEL_UPLOADS = 2;

/** What the server says of a PDF that no retry can change. */
const REFUSED_CODES = new Set<number>(
  [ERRORS.PDF_WRONG_TYPE, ERRORS.PDF_TOO_LARGE, ERRORS.PDF_SCANNED, ERRORS.PDF_UNREADABLE].map(
    (error) => error.code,
  ),
);

let nextUid = 0;

/**
 * The upload dialog's files and their queue: each selection's files are checked in the browser first
 * (50 a selection, PDF by content, 20 MB), then sent two at a time into the project, each with its
 * progress. `onUploaded` hears of each PDF the server kept.
 */
export function usePdfUploads(
  projectId: number,
  parentId: number | null,
  onUploaded: (pdf: UploadPdfData) => void,
) {
  const [uploads, setUploads] = useState<PdfUpload[]>([]);
  const started = useRef(new Set<string>());
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const update = useCallback((uid: string, change: Partial<PdfUpload>) => {
    setUploads((all) => all.map((upload) => (upload.uid === uid ? { ...upload, ...change } : upload)));
  }, []);

  /** Adds the `index`-th file of a selection; refused files stay listed with the reason. */
  const add = useCallback(
    (file: File, index: number) => {
      const uid = `pdf-upload-${++nextUid}`;
      setUploads((all) => [...all, { uid, file, parentId, status: 'checking', percent: 0 }]);
      void pdfRefusal(file, index).then((refusal) =>
        update(uid, refusal ? { status: 'refused', refusal } : { status: 'waiting' }),
      );
    },
    [parentId, update],
  );

  const send = useCallback(
    async (upload: PdfUpload) => {
      try {
        const pdf = await uploadPdf(projectId, upload.parentId, upload.file, (fraction) =>
          update(upload.uid, {
            status: fraction >= 1 ? 'reading' : 'sending',
            percent: Math.min(99, Math.round(fraction * 100)),
          }),
        );
        update(upload.uid, { status: 'done', percent: 100 });
        onUploadedRef.current(pdf);
      } catch (error) {
        const isRefused =
          error instanceof ApiError && error.code !== undefined && REFUSED_CODES.has(error.code);
        // The server's own words (in the user's language) where it answered; ours for a dropped line.
        const problem: Notice =
          error instanceof ApiError && error.code !== undefined && error.message
            ? { text: error.message }
            : noticeOf(error);
        update(upload.uid, { status: isRefused ? 'refused' : 'failed', problem });
      } finally {
        started.current.delete(upload.uid);
      }
    },
    [projectId, update],
  );

  // Starts the next waiting files while fewer than PARALLEL_UPLOADS are on their way.
  useEffect(() => {
    const busy = uploads.filter(
      (upload) => upload.status === 'sending' || upload.status === 'reading',
    ).length;
    const next = uploads
      .filter((upload) => upload.status === 'waiting' && !started.current.has(upload.uid))
      .slice(0, Math.max(0, PARALLEL_UPLOADS - busy));
    for (const upload of next) {
      started.current.add(upload.uid);
      update(upload.uid, { status: 'sending', percent: 0 });
      void send(upload);
    }
  }, [uploads, send, update]);

  return {
    uploads,
    add,
    retry: (uid: string) => update(uid, { status: 'waiting', percent: 0, problem: undefined }),
    remove: (uid: string) => setUploads((all) => all.filter((upload) => upload.uid !== uid)),
    /** Takes the finished files off the list (uploaded or refused); those on their way or failed stay. */
    clearFinished: () =>
      setUploads((all) => all.filter((upload) => upload.status !== 'done' && upload.status !== 'refused')),
  };
}
