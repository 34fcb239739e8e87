import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StandaloneFrame } from '../../../shared/ui/standalone-frame.tsx';
import './legal-page.css';

export type LegalDocument = 'terms' | 'privacy';

/** Each document's numbered sections in the catalogue (`legal.terms.s1_title`, `legal.terms.s1`, ...). */
const SECTIONS = [1, 2, 3, 4, 5, 6];

/** The Terms of Service or the Privacy Policy that the sign-in and registration forms link to. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation();
  return (
    <StandaloneFrame>
      <article className="legal-page">
        <Typography.Title level={1}>{t(`legal.${document}.title`)}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('legal.updated')}</Typography.Paragraph>
        <Typography.Paragraph>{t(`legal.${document}.intro`)}</Typography.Paragraph>
        {SECTIONS.map((section) => (
          <section key={section}>
            <Typography.Title level={2}>{t(`legal.${document}.s${section}_title`)}</Typography.Title>
            <Typography.Paragraph>{t(`legal.${document}.s${section}`)}</Typography.Paragraph>
          </section>
        ))}
      </article>
    </StandaloneFrame>
  );
}

export const TermsPage = () => <LegalPage document="terms" />;
export const PrivacyPage = () => <LegalPage document="privacy" />;
