import { BarChartOutlined, LikeOutlined, LinkOutlined, RobotOutlined, TeamOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher.tsx';
import { SectionLayout } from '../../../shared/ui/section-layout.tsx';
import { ThemeSwitcher } from '../../../shared/ui/theme-switcher.tsx';

const BASE = '/agent/index';

/** The agent workspace: settings, integration, data analysis, user feedback, members. */
export function AgentIndexLayout() {
  const { t } = useTranslation();
  return (
    <App component={false}>
      <SectionLayout
        title={t('route.agent')}
        navLabel={t('route.agent')}
        back={{ to: '/dashboard', label: t('coming_soon.back') }}
        extra={
          <div className="corner-tools">
            <LanguageSwitcher compact />
            <ThemeSwitcher />
          </div>
        }
        items={[
          { path: `${BASE}/creation`, icon: <RobotOutlined />, label: t('route.agent_creation') },
          { path: `${BASE}/link`, icon: <LinkOutlined />, label: t('route.agent_link') },
          {
            path: `${BASE}/data-analysis`,
            icon: <BarChartOutlined />,
            label: t('route.agent_data_analysis'),
          },
          { path: `${BASE}/user-feedback`, icon: <LikeOutlined />, label: t('route.agent_user_feedback') },
          { path: `${BASE}/member-setting`, icon: <TeamOutlined />, label: t('route.agent_member_setting') },
        ]}
      />
    </App>
  );
}
