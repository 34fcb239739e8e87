import { SafetyCertificateOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher.tsx';
import { SectionLayout } from '../../../shared/ui/section-layout.tsx';
import { ThemeSwitcher } from '../../../shared/ui/theme-switcher.tsx';
import { TeamSwitcher } from '../components/team-switcher.tsx';

/** The team back office: team settings, members and departments, member approval. */
export function OrgAdminLayout() {
  const { t } = useTranslation();
  return (
    <App component={false}>
      <SectionLayout
        title={t('route.org_admin')}
        navLabel={t('route.org_admin')}
        back={{ to: '/', label: t('common.back_home') }}
        extra={
          <div className="corner-tools">
            <TeamSwitcher />
            <LanguageSwitcher compact />
            <ThemeSwitcher />
          </div>
        }
        items={[
          { path: '/org-admin/index', icon: <SettingOutlined />, label: t('route.org_admin_index') },
          {
            path: '/org-admin/member-department',
            icon: <TeamOutlined />,
            label: t('route.org_admin_member_department'),
          },
          {
            path: '/org-admin/member-approve',
            icon: <SafetyCertificateOutlined />,
            label: t('route.org_admin_member_approve'),
          },
        ]}
      />
    </App>
  );
}
