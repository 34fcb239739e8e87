import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentDetail } from '../../api/agents.ts';
import { WorkspacePage } from '../workspace-agent.tsx';
import '../wizard/agent-editor.css';
import './insights.css';

type Insight = 'data_analysis' | 'user_feedback';

/**
 * A workspace page of what people do with the agent: only those who may analyse it (its owner and
 * admins, the team's owner and admins) see it; anyone else is told so without a call being made.
 */
export function InsightsPage({
  insight,
  children,
}: {
  insight: Insight;
  children: (agent: AgentDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <WorkspacePage
      title={t(`agents.workspace.${insight}_title`)}
      lead={t(`agents.workspace.${insight}_lead`)}
    >
      {(agent) =>
        agent.abilities.analyse ? (
          children(agent)
        ) : (
          <Result
            status="403"
            title={t('agents.workspace.forbidden_title')}
            subTitle={t('agents.workspace.forbidden_body')}
          />
        )
      }
    </WorkspacePage>
  );
}
