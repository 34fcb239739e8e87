import type { AgentStatus } from '@tandem/contract/agent-rules';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<AgentStatus, string> = {
  draft: 'default',
  published: 'success',
  off_shelf: 'warning',
  disabled: 'error',
};

/** The agent's state in words: draft, published, off shelf, disabled. */
export function AgentStatusTag({ status }: { status: AgentStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status]} variant="filled" className="agent-status-tag">
      {t(`agents.status.${status}`)}
    </Tag>
  );
}
