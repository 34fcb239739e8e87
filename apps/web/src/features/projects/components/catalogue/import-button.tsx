import { ImportOutlined } from '@ant-design/icons';
import { IMPORT_MAX_BYTES } from '@tandem/contract/project-rules';
import { Button, type ButtonProps, Progress, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../../shared/ui/notices.ts';
import { importDoc } from '../../api/documents.ts';
import { IMPORT_ACCEPT, importProblem } from '../../model/import-rules.ts';

const MB = 1024 * 1024;

/**
 * Imports Markdown, DOCX, TXT or HTML files as documents (one after the other, each with its progress);
 * any other file is refused before it is sent, saying which types are welcome.
 */
export function ImportButton({
  projectId,
  parentId = null,
  type,
  onImported,
}: {
  projectId: number;
  parentId?: number | null;
  type?: ButtonProps['type'];
  onImported: (created: { id: number; uniq_code: string }) => void;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);

  async function importFile(file: File) {
    const problem = importProblem(file);
    if (problem) {
      showNotice({ key: problem, values: { name: file.name, size: IMPORT_MAX_BYTES / MB } }, 'warning');
      return;
    }
    setProgress({ name: file.name, percent: 0 });
    try {
      const created = await importDoc(projectId, parentId, file, (fraction) =>
        setProgress({ name: file.name, percent: Math.round(fraction * 100) }),
      );
      showNotice({ key: 'projects.import.done', values: { name: file.name } }, 'success');
      onImported(created);
    } catch {
      // Reported by the HTTP client.
    } finally {
      setProgress(null);
    }
  }

  // Files picked together are imported in order, so the progress shown is always one file's.
  const queue = useRef(Promise.resolve());

  return (
    <span className="import-button">
      <Upload
        accept={IMPORT_ACCEPT}
        multiple
        showUploadList={false}
        disabled={!!progress}
        beforeUpload={(file) => {
          queue.current = queue.current.then(() => importFile(file));
          return Upload.LIST_IGNORE;
        }}
      >
        <Button type={type} icon={<ImportOutlined />} loading={!!progress}>
          {t('projects.toolbar.import')}
        </Button>
      </Upload>
      {progress && (
        <span className="import-button__progress" role="status">
          <span className="import-button__name">{t('projects.import.sending', { name: progress.name })}</span>
          <Progress percent={progress.percent} size="small" className="import-button__bar" />
        </span>
      )}
    </span>
  );
}
