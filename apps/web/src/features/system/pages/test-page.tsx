import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import type { HealthData } from '@tandem/contract/system';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../../shared/api/http.ts';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { useThemeStore } from '../../../shared/theme/theme-store.ts';
import { StandaloneFrame } from '../../../shared/ui/standalone-frame.tsx';
import './test-page.css';

const HEALTH_PATH = '/api/health';

/** The public test page: can this browser reach the API, and what does the client think it is set to. */
export function TestPage() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const theme = useThemeStore((state) => state);
  const health = useQuery({
    queryKey: ['system', 'health'],
    queryFn: () => http.get<HealthData>(HEALTH_PATH, { silent: true, background: true }),
  });

  const status = health.isPending ? (
    <span>
      <LoadingOutlined /> {t('test_page.checking')}
    </span>
  ) : health.isSuccess ? (
    <span className="status status--ok">
      <CheckCircleFilled /> {t('test_page.reachable')}
    </span>
  ) : (
    <span className="status status--down">
      <CloseCircleFilled /> {t('test_page.unreachable')}
    </span>
  );

  return (
    <StandaloneFrame>
      <Card
        className="test-page"
        title={<h1 className="test-page__title">{t('test_page.title')}</h1>}
        extra={
          <Button onClick={() => health.refetch()} loading={health.isFetching}>
            {t('common.retry')}
          </Button>
        }
      >
        <Descriptions
          column={1}
          bordered
          size="middle"
          items={[
            { key: 'api', label: t('test_page.api'), children: status },
            { key: 'version', label: t('test_page.version'), children: health.data?.version ?? '—' },
            { key: 'database', label: t('test_page.database'), children: health.data?.database ?? '—' },
            { key: 'locale', label: t('language.label'), children: locale },
            {
              key: 'theme',
              label: t('theme.label'),
              children: `${t(`theme.${theme.mode}`)} (${t(`theme.${theme.actual}`)})`,
            },
          ]}
        />
      </Card>
    </StandaloneFrame>
  );
}
