import { UsergroupAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SectionLayout } from '../../../shared/ui/section-layout.tsx';
import { ACCOUNT_SECTIONS } from '../components/account-centre.tsx';

const USER_SET = '/user-center/user-set';

/**
 * The user centre: the account centre's sections (each `/user-center/user-set?section=…`, the first
 * without) and the team invitation, in one menu.
 */
export function UserCenterLayout() {
  const { t } = useTranslation();
  return (
    <SectionLayout
      title={t('route.user_center')}
      navLabel={t('route.user_center')}
      items={[
        ...ACCOUNT_SECTIONS.map(({ key, icon }, index) => ({
          path: USER_SET,
          search: index === 0 ? '' : `?section=${key}`,
          icon,
          label: t(`account_centre.${key}`),
        })),
        {
          path: '/user-center/team-invitation',
          icon: <UsergroupAddOutlined />,
          label: t('route.team_invitation'),
        },
      ]}
    />
  );
}
