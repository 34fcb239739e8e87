import { DeleteOutlined, FilePdfOutlined, InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import { PDF_FILES_PER_SELECTION, PDF_MAX_BYTES } from '@tandem/contract/limits';
import type { UploadPdfData } from '@tandem/contract/pdf';
import { Button, Modal, Progress, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { PDF_ACCEPT } from '../model/pdf-upload-rules.ts';
import { type PdfUpload, usePdfUploads } from './use-pdf-uploads.ts';
import './pdf.css';

const MB = 1024 * 1024;
const sizeOf = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The PDF upload dialog (PDF files only): files dropped or picked, up to
 * 50 a selection, each checked here (a PDF by its content, 20 MB) and then by the server (a scan is
 * refused), each with its own progress bar, its refusal in words, and a retry when sending failed.
 * It stays mounted while closed, so files on their way keep going.
 */
export function PdfUploadDialog({
  open,
  projectId,
  parentId,
  onClose,
  onUploaded,
}: {
  open: boolean;
  projectId: number;
  parentId: number | null;
  onClose: () => void;
  onUploaded: (pdf: UploadPdfData) => void;
}) {
  const { t } = useTranslation();
  const { uploads, add, retry, remove, clearFinished } = usePdfUploads(projectId, parentId, onUploaded);
  const done = uploads.filter((upload) => upload.status === 'done').length;
  const close = () => {
    clearFinished();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('knowledge_pdf.dialog.title')}
      onCancel={close}
      footer={
        <div className="pdf-upload__footer">
          <span className="pdf-upload__summary" role="status">
            {uploads.length > 0 && t('knowledge_pdf.dialog.summary', { done, total: uploads.length })}
          </span>
          <Button type="primary" onClick={close}>
            {t('knowledge_pdf.dialog.done')}
          </Button>
        </div>
      }
      width={640}
    >
      <Upload.Dragger
        accept={PDF_ACCEPT}
        multiple
        showUploadList={false}
        beforeUpload={(file, fileList) => {
          add(file, fileList.indexOf(file));
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('knowledge_pdf.dialog.drop')}</p>
        <p className="ant-upload-hint">
          {t('knowledge_pdf.dialog.hint', { size: PDF_MAX_BYTES / MB, max: PDF_FILES_PER_SELECTION })}
        </p>
      </Upload.Dragger>
      {uploads.length > 0 && (
        <ul className="pdf-upload__list" aria-label={t('knowledge_pdf.dialog.list')}>
          {uploads.map((upload) => (
            <UploadRow
              key={upload.uid}
              upload={upload}
              onRetry={() => retry(upload.uid)}
              onRemove={() => remove(upload.uid)}
            />
          ))}
        </ul>
      )}
    </Modal>
  );
}

function UploadRow({
  upload,
  onRetry,
  onRemove,
}: {
  upload: PdfUpload;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const isProblem = upload.status === 'refused' || upload.status === 'failed';
  const problem = upload.refusal
    ? t(`knowledge_pdf.dialog.${upload.refusal}`, {
        size: PDF_MAX_BYTES / MB,
        max: PDF_FILES_PER_SELECTION,
      })
    : upload.problem &&
      ('text' in upload.problem ? upload.problem.text : t(upload.problem.key, upload.problem.values));
  const state =
    upload.status === 'done'
      ? t('knowledge_pdf.dialog.uploaded')
      : upload.status === 'reading'
        ? t('knowledge_pdf.dialog.reading')
        : upload.status === 'sending'
          ? t('knowledge_pdf.dialog.sending')
          : upload.status === 'failed'
            ? t('knowledge_pdf.dialog.failed')
            : upload.status === 'refused'
              ? ''
              : t('knowledge_pdf.dialog.waiting');
  const isBusy = upload.status === 'sending' || upload.status === 'reading';
  return (
    <li className={`pdf-upload__item pdf-upload__item--${upload.status}`} data-status={upload.status}>
      <FilePdfOutlined className="pdf-upload__icon" aria-hidden />
      <div className="pdf-upload__body">
        <div className="pdf-upload__line">
          <span className="pdf-upload__name" title={upload.file.name}>
            {upload.file.name}
          </span>
          <span className="pdf-upload__size">{sizeOf(upload.file.size)}</span>
        </div>
        {upload.status !== 'refused' && (
          <Progress
            percent={upload.percent}
            size="small"
            status={
              upload.status === 'failed'
                ? 'exception'
                : upload.status === 'done'
                  ? 'success'
                  : isBusy
                    ? 'active'
                    : 'normal'
            }
            aria-label={upload.file.name}
          />
        )}
        {state && <span className="pdf-upload__state">{state}</span>}
        {isProblem && problem && (
          <span className="pdf-upload__problem" role="alert">
            {problem}
          </span>
        )}
      </div>
      <div className="pdf-upload__actions">
        {upload.status === 'failed' && (
          <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
            {t('knowledge_pdf.dialog.retry')}
          </Button>
        )}
        {!isBusy && (
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={`${t('knowledge_pdf.dialog.remove')}: ${upload.file.name}`}
            onClick={onRemove}
          />
        )}
      </div>
    </li>
  );
}
