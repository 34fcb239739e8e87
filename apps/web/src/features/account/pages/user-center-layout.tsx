import { UsergroupAddOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SectionLayout } from '../../../shared/ui/section-layout.tsx';

export function UserCenterLayout() {
  const { t } = useTranslation();
  return (
    <SectionLayout
      title={t('route.user_center')}
      navLabel={t('route.user_center')}
      items={[
        { path: '/user-center/user-set', icon: <UserOutlined />, label: t('route.user_set') },
        {
          path: '/user-center/team-invitation',
          icon: <UsergroupAddOutlined />,
          label: t('route.team_invitation'),
        },
      ]}
    />
  );
}
