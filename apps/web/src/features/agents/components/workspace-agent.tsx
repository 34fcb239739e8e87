import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { agentIdOf, NEW_AGENT_PATH } from '../../../shared/routing/agent-paths.ts';
import { type AgentDetail, agentDetailQuery } from '../api/agents.ts';

/**
 * A workspace page about one agent (`?agent_id=`): loads it, and without one (or when it is gone) says
 * how to get one.
 */
export function WorkspaceAgent({ children }: { children: (agent: AgentDetail) => ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const agentId = agentIdOf(params);
  const detail = useQuery({ ...agentDetailQuery(agentId ?? 0), enabled: !!agentId });
  if (!agentId || detail.isError) {
    return (
      <Result
        status={agentId ? '404' : 'info'}
        title={agentId ? t('agents.editor.not_found') : t('agents.workspace.no_agent_title')}
        subTitle={agentId ? undefined : t('agents.workspace.no_agent_body')}
        extra={[
          <Button key="hub" onClick={() => navigate('/dashboard')}>
            {t('agents.editor.back_to_hub')}
          </Button>,
          <Button key="new" type="primary" onClick={() => navigate(NEW_AGENT_PATH)}>
            {t('agents.hub.create')}
          </Button>,
        ]}
      />
    );
  }
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  return children(detail.data);
}

/** A workspace page about one agent: its heading, what it is for, then its sections. */
export function WorkspacePage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: (agent: AgentDetail) => ReactNode;
}) {
  return (
    <WorkspaceAgent>
      {(agent) => (
        <div className="workspace-page">
          <header className="workspace-heading">
            <h2 className="workspace-heading__title">{title}</h2>
            <p className="workspace-heading__lead">{lead}</p>
          </header>
          {children(agent)}
        </div>
      )}
    </WorkspaceAgent>
  );
}
