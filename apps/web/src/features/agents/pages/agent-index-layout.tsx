import { BarChartOutlined, LikeOutlined, LinkOutlined, RobotOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AGENT_ID_PARAM, AGENT_WORKSPACE, agentIdOf } from '../../../shared/routing/agent-paths.ts';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher.tsx';
import { SectionLayout } from '../../../shared/ui/section-layout.tsx';
import { ThemeSwitcher } from '../../../shared/ui/theme-switcher.tsx';
import { agentDetailQuery } from '../api/agents.ts';
import { useAgentDeletions } from '../hooks/use-agent-deletions.ts';

/**
 * The agent workspace: settings, integration, data analysis, user feedback, members. The agent it is
 * about (`?agent_id=`) stays in the address from one section to the next.
 */
export function AgentIndexLayout() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const agentId = agentIdOf(params);
  const detail = useQuery({ ...agentDetailQuery(agentId ?? 0), enabled: !!agentId });
  useAgentDeletions();
  const search = agentId ? `?${AGENT_ID_PARAM}=${agentId}` : undefined;
  const agentName = detail.data?.draft.name.trim();
  return (
    <App component={false}>
      <SectionLayout
        title={agentId && agentName ? agentName : t('route.agent')}
        navLabel={t('route.agent')}
        back={{ to: '/dashboard', label: t('agents.workspace.back') }}
        extra={
          <div className="corner-tools">
            <LanguageSwitcher compact />
            <ThemeSwitcher />
          </div>
        }
        items={[
          {
            path: `${AGENT_WORKSPACE}/creation`,
            icon: <RobotOutlined />,
            label: t('route.agent_creation'),
            search,
          },
          { path: `${AGENT_WORKSPACE}/link`, icon: <LinkOutlined />, label: t('route.agent_link'), search },
          {
            path: `${AGENT_WORKSPACE}/data-analysis`,
            icon: <BarChartOutlined />,
            label: t('route.agent_data_analysis'),
            search,
          },
          {
            path: `${AGENT_WORKSPACE}/user-feedback`,
            icon: <LikeOutlined />,
            label: t('route.agent_user_feedback'),
            search,
          },
          {
            path: `${AGENT_WORKSPACE}/member-setting`,
            icon: <TeamOutlined />,
            label: t('route.agent_member_setting'),
            search,
          },
        ]}
      />
    </App>
  );
}
