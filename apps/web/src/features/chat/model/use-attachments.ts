import { CHAT_IMAGE_FORMATS, CHAT_IMAGE_MAX_BYTES, CHAT_IMAGES_PER_MESSAGE } from '@tandem/contract/limits';
import { useEffect, useRef, useState } from 'react';
import { noticeOf } from '../../../shared/api/failure.ts';
import { uploadImage } from '../../../shared/api/upload-image.ts';

/** An image picked for the next message: its preview, and its upload id once uploaded. */
export type Attachment = { key: string; name: string; preview: string; id: string | null };

export const ACCEPTED_IMAGES = CHAT_IMAGE_FORMATS.map((format) => `.${format}`).join(',');

/** What a picked file breaks, before it is uploaded (the server checks its content again). */
export function attachmentProblem(
  file: File,
  alreadyAttached: number,
): { key: string; values?: Record<string, string | number> } | null {
  if (alreadyAttached >= CHAT_IMAGES_PER_MESSAGE) {
    return { key: 'chat.images_too_many', values: { count: CHAT_IMAGES_PER_MESSAGE } };
  }
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(CHAT_IMAGE_FORMATS as readonly string[]).includes(extension)) return { key: 'chat.image_format' };
  if (file.size > CHAT_IMAGE_MAX_BYTES) {
    return { key: 'chat.image_too_large', values: { size: CHAT_IMAGE_MAX_BYTES / 1024 / 1024 } };
  }
  return null;
}

/**
 * The images of the message being written: each uploaded as soon as it is picked, shown as a preview,
 * removable; `problem` says why the last pick was refused.
 */
export function useAttachments() {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [problem, setProblem] = useState<{ key: string; values?: Record<string, string | number> } | null>(
    null,
  );
  const [uploading, setUploading] = useState(0);
  const previews = useRef(new Set<string>());

  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const forget = (attachment: Attachment) => {
    URL.revokeObjectURL(attachment.preview);
    previews.current.delete(attachment.preview);
  };

  const add = async (files: readonly File[]) => {
    setProblem(null);
    let count = attachments.length;
    for (const file of files) {
      const refused = attachmentProblem(file, count);
      if (refused) {
        setProblem(refused);
        continue;
      }
      count += 1;
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      const attachment: Attachment = { key: preview, name: file.name, preview, id: null };
      setAttachments((current) => [...current, attachment]);
      setUploading((n) => n + 1);
      uploadImage(file, file.name)
        .then(({ id }) =>
          setAttachments((current) =>
            current.map((item) => (item.key === attachment.key ? { ...item, id } : item)),
          ),
        )
        .catch((error: unknown) => {
          setProblem(noticeOf(error));
          forget(attachment);
          setAttachments((current) => current.filter((item) => item.key !== attachment.key));
        })
        .finally(() => setUploading((n) => n - 1));
    }
  };

  // Removing an image or sending the message settles what the warning was about.
  const remove = (key: string) => {
    setProblem(null);
    setAttachments((current) => {
      const gone = current.find((item) => item.key === key);
      if (gone) forget(gone);
      return current.filter((item) => item.key !== key);
    });
  };

  const clear = () => {
    setProblem(null);
    setAttachments((current) => {
      for (const item of current) forget(item);
      return [];
    });
  };

  const ids = attachments.flatMap((item) => (item.id ? [item.id] : []));
  return { attachments, ids, isUploading: uploading > 0, problem, add, remove, clear };
}
