import { PaperClipOutlined, PictureOutlined } from '@ant-design/icons';
import { UPLOAD_API, uploadedFileUrl } from '@tandem/contract/api';
import { EDITOR_FILE_MAX_BYTES, EDITOR_IMAGE_MAX_BYTES } from '@tandem/contract/limits';
import type { Editor } from '@tiptap/react';
import { Button, Progress } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../../shared/ui/notices.ts';
import { uploadWithProgress } from '../api/upload-with-progress.ts';

type Kind = 'image' | 'file';
const LIMITS: Record<Kind, number> = { image: EDITOR_IMAGE_MAX_BYTES, file: EDITOR_FILE_MAX_BYTES };
const MB = 1024 * 1024;

/** Image (10 MB) and attachment (20 MB) uploads into the document, with their progress. */
export function InsertMenu({ editor, docId }: { editor: Editor; docId: number }) {
  const { t } = useTranslation();
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<{ name: string; share: number } | null>(null);

  async function send(kind: Kind, file: File | undefined) {
    if (!file) return;
    if (file.size > LIMITS[kind]) {
      showNotice({ key: 'doc_editor.upload_too_large', values: { size: LIMITS[kind] / MB } });
      return;
    }
    setUpload({ name: file.name, share: 0 });
    try {
      const uploaded = await uploadWithProgress(
        kind === 'image' ? UPLOAD_API.image : UPLOAD_API.file,
        file,
        docId,
        (share) => setUpload({ name: file.name, share }),
      );
      const url = uploaded.file || uploadedFileUrl(uploaded.id);
      const chain = editor.chain().focus();
      if (kind === 'image') chain.setImage({ src: url, alt: file.name }).run();
      else chain.insertAttachment({ url, name: file.name, size: file.size, mime: file.type }).run();
    } catch (error) {
      const text = error instanceof Error ? error.message : '';
      showNotice(text ? { text } : { key: 'doc_editor.upload_failed' });
    } finally {
      setUpload(null);
    }
  }

  return (
    <>
      <Button
        type="text"
        size="small"
        className="doc-toolbar__button"
        aria-label={t('doc_editor.image')}
        title={t('doc_editor.image')}
        icon={<PictureOutlined />}
        disabled={!!upload}
        onClick={() => imageInput.current?.click()}
      />
      <Button
        type="text"
        size="small"
        className="doc-toolbar__button"
        aria-label={t('doc_editor.attachment')}
        title={t('doc_editor.attachment')}
        icon={<PaperClipOutlined />}
        disabled={!!upload}
        onClick={() => fileInput.current?.click()}
      />
      <input
        ref={imageInput}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        data-testid="doc-image-input"
        onChange={(event) => {
          void send('image', event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <input
        ref={fileInput}
        type="file"
        hidden
        data-testid="doc-file-input"
        onChange={(event) => {
          void send('file', event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {upload && (
        <span className="doc-toolbar__upload" role="status">
          <span className="doc-toolbar__upload-name">{t('doc_editor.uploading', { name: upload.name })}</span>
          <Progress percent={Math.round(upload.share * 100)} size="small" style={{ width: 80 }} />
        </span>
      )}
    </>
  );
}
