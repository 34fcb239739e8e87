import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AGENT_ID_PARAM, agentIdOf } from '../../../shared/routing/agent-paths.ts';
import { agentDetailQuery } from '../api/agents.ts';
import { AgentEditor } from '../components/wizard/agent-editor.tsx';
import '../components/wizard/agent-editor.css';

/**
 * /agent/index/creation: a new agent, or with `?agent_id=` the agent to edit. An agent created here
 * keeps its editor (and its debug conversation) when the address takes its id.
 */
export function AgentCreationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const agentId = agentIdOf(params);
  // The agent shown, the one this editor created, and how many new agents were started here (each its
  // own editor). Moving to no agent ("Create agent" again) starts a new one.
  const [session, setSession] = useState({ agentId, createdId: null as number | null, round: 0 });
  if (session.agentId !== agentId) {
    setSession(agentId ? { ...session, agentId } : { agentId, createdId: null, round: session.round + 1 });
  }
  const detail = useQuery({ ...agentDetailQuery(agentId ?? 0), enabled: !!agentId });
  const isOwnCreation = !!agentId && agentId === session.createdId;

  if (agentId && !isOwnCreation && detail.isPending) {
    return <Skeleton active paragraph={{ rows: 12 }} className="agent-editor__loading" />;
  }
  if (agentId && detail.isError) {
    return (
      <Result
        status="404"
        title={t('agents.editor.not_found')}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('agents.editor.back_to_hub')}
          </Button>
        }
      />
    );
  }
  if (detail.data && !detail.data.abilities.edit) {
    return <Result status="403" title={t('agents.editor.no_edit')} />;
  }
  return (
    <AgentEditor
      key={agentId && !isOwnCreation ? `agent-${agentId}` : `new-${session.round}`}
      agent={agentId ? (detail.data ?? null) : null}
      onCreated={(id) => {
        // Known as ours before the address has its id, so that render keeps this editor and its debug chat.
        flushSync(() => setSession((current) => ({ ...current, createdId: id })));
        setParams({ [AGENT_ID_PARAM]: String(id) }, { replace: true });
      }}
    />
  );
}
