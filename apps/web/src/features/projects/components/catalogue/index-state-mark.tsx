import { CheckCircleOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import type { KnowledgeIndexError } from '@tandem/contract/knowledge';
import { Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DocTreeNode } from '../../api/documents.ts';
import './index-state-mark.css';

/** Why a document is not searchable, in the reader's language. */
export const indexErrorText = (error: KnowledgeIndexError | null, t: TFunction) =>
  error === 'embedding_failed'
    ? t('knowledge_search.index_error_embedding_failed')
    : error
      ? t(`knowledge.index_error.${error}`)
      : '';

/**
 * A document's search index in the catalogue: a spinner while it is being indexed, a warning whose
 * tooltip says why when it failed, and a quiet tick (shown on hover) once search finds it.
 */
export function IndexStateMark({ node }: { node: DocTreeNode }) {
  const { t } = useTranslation();
  if (!node.index_state) return null;
  const { index_state: state } = node;
  const label =
    state === 'failed'
      ? `${t('knowledge_search.index_state.failed')}: ${indexErrorText(node.index_error, t)}`
      : t(`knowledge_search.index_state.${state}`);
  const icon =
    state === 'indexing' ? (
      <LoadingOutlined spin />
    ) : state === 'failed' ? (
      <ExclamationCircleOutlined />
    ) : (
      <CheckCircleOutlined />
    );
  return (
    <Tooltip title={label}>
      {/* Focusable, so the reason is read out and shown without a mouse too. */}
      <span
        className={`index-state index-state--${state}`}
        role="img"
        aria-label={label}
        tabIndex={state === 'failed' ? 0 : -1}
        data-index-state={state}
      >
        {icon}
      </span>
    </Tooltip>
  );
}
