import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AuthPlaceholder } from '../components/auth-placeholder.tsx';

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AuthPlaceholder
      icon={<UserAddOutlined />}
      title={t('route.register')}
      body={t('coming_soon.register')}
    />
  );
}
