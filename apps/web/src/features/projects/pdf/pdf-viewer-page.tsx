import { ArrowLeftOutlined, DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { projectSpacePathOf } from '../../../shared/routing/project-paths.ts';
import { StandaloneFrame } from '../../../shared/ui/standalone-frame.tsx';
import { DocumentProblem } from '../editor/components/document-problem.tsx';
import { downloadPdf, pdfBytesQuery, pdfQuery } from './api/pdf-api.ts';
import { PdfViewer } from './components/pdf-viewer.tsx';
import './components/pdf-viewer.css';

/**
 * `/projects/pdf/:uniq_code` (signed in) and `/projects/pdf/:uniq_code/:share_code` (a share link, for
 * anyone): a PDF of a project in the viewer, at `?page=N` when given (agents' citations link there).
 * Who may read it follows the documents' rules; a refusal shows as the document page shows it.
 */
export function PdfViewerPage() {
  const { uniq_code: uniqCode = '', share_code: shareCode } = useParams();
  const page = <PdfPage uniqCode={uniqCode} shareCode={shareCode} />;
  return shareCode ? <StandaloneFrame>{page}</StandaloneFrame> : page;
}

function PdfPage({ uniqCode, shareCode }: { uniqCode: string; shareCode?: string }) {
  const { t } = useTranslation();
  const info = useQuery(pdfQuery(uniqCode, shareCode));
  // Both at once: the bytes do not wait for the name, and a refusal comes back from either.
  const bytes = useQuery(pdfBytesQuery(uniqCode, shareCode));

  if (info.isError || bytes.isError)
    return (
      <article className="pdf-page">
        <DocumentProblem
          error={info.error ?? bytes.error}
          onRetry={() => void (info.isError ? info.refetch() : bytes.refetch())}
        />
      </article>
    );

  const pdf = info.data;
  const fileName = `${pdf?.name || t('projects.untitled_doc')}.pdf`;
  return (
    <article className={`pdf-page${shareCode ? ' pdf-page--shared' : ''}`}>
      <header className="pdf-page__header">
        {!shareCode && pdf && (
          <Link
            to={projectSpacePathOf(pdf.project_uniq_code)}
            className="pdf-page__back"
            aria-label={t('knowledge_pdf.viewer.back')}
            title={pdf.project_name}
          >
            <ArrowLeftOutlined />
          </Link>
        )}
        <FilePdfOutlined className="pdf-page__icon" aria-hidden />
        {pdf ? (
          <>
            <h1 className="pdf-page__name">{pdf.name || t('projects.untitled_doc')}</h1>
            <span className="pdf-page__meta">
              {t('knowledge_pdf.viewer.pages', { count: pdf.page_count })}
            </span>
            {!pdf.can_edit && <Tag>{t('knowledge_pdf.viewer.read_only')}</Tag>}
            <Button
              className="pdf-page__download"
              icon={<DownloadOutlined />}
              onClick={() => void downloadPdf(uniqCode, fileName, shareCode).catch(() => {})}
            >
              <span className="pdf-page__download-label">{t('knowledge_pdf.viewer.download')}</span>
            </Button>
          </>
        ) : (
          <Skeleton.Input active size="small" />
        )}
      </header>
      {bytes.data && pdf ? (
        <PdfViewer bytes={bytes.data} pageCount={pdf.page_count} />
      ) : (
        <div className="pdf-viewer__loading" aria-busy="true">
          <span role="status">{t('knowledge_pdf.viewer.loading')}</span>
          <Skeleton active paragraph={{ rows: 10 }} title={false} />
        </div>
      )}
    </article>
  );
}
