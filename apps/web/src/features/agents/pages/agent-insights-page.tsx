import { BarChartOutlined, LikeOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { WorkspacePage } from '../components/workspace-agent.tsx';
import '../components/wizard/agent-editor.css';

type Insight = 'data_analysis' | 'user_feedback';

/**
 * Data analysis and user feedback read the agent's conversations and the likes and dislikes on its
 * answers, which arrive with chat: until then each page says what it will show.
 */
function AgentInsightsPage({ insight }: { insight: Insight }) {
  const { t } = useTranslation();
  return (
    <WorkspacePage
      title={t(`agents.workspace.${insight}_title`)}
      lead={t(`agents.workspace.${insight}_lead`)}
    >
      {(agent) => (
        <section className="editor-section">
          <Empty
            image={
              <span className="workspace-empty__icon" aria-hidden="true">
                {insight === 'data_analysis' ? <BarChartOutlined /> : <LikeOutlined />}
              </span>
            }
            description={
              <>
                <strong className="workspace-empty__title">{t('agents.workspace.arrives_with_chat')}</strong>
                <span className="workspace-empty__body">
                  {t(`agents.workspace.${insight}_empty`, { name: agent.draft.name || t('agents.untitled') })}
                </span>
              </>
            }
          />
        </section>
      )}
    </WorkspacePage>
  );
}

export const AgentDataAnalysisPage = () => <AgentInsightsPage insight="data_analysis" />;
export const AgentUserFeedbackPage = () => <AgentInsightsPage insight="user_feedback" />;
