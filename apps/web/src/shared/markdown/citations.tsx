import { FileTextOutlined } from '@ant-design/icons';
import { type Citation, citationPath } from '@tandem/contract/citation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './citations.css';

/**
 * A reply's numbered sources under its text, as footnotes: each opens its document (a PDF at the page
 * of the passage); one the reader can no longer open says so, without naming it.
 */
export function Citations({ citations }: { citations: readonly Citation[] }) {
  const { t } = useTranslation();
  if (citations.length === 0) return null;
  return (
    <aside className="chat-citations" aria-label={t('agent_knowledge.sources')}>
      <p className="chat-citations__title">{t('agent_knowledge.sources')}</p>
      <ol className="chat-citations__list">
        {citations.map((cited) => (
          <li key={cited.n} value={cited.n} className="chat-citation">
            <span className="chat-citation__number">[{cited.n}]</span>
            {cited.available ? (
              <span className="chat-citation__body">
                <Link
                  to={citationPath(cited)}
                  className="chat-citation__link"
                  aria-label={t('agent_knowledge.open_source', { n: cited.n, name: cited.doc_name })}
                >
                  <FileTextOutlined /> {cited.doc_name}
                  {cited.page !== null && (
                    <span className="chat-citation__page">
                      {' '}
                      · {t('agent_knowledge.page', { page: cited.page })}
                    </span>
                  )}
                </Link>
                {cited.snippet && <span className="chat-citation__snippet">{cited.snippet}</span>}
              </span>
            ) : (
              <span className="chat-citation__body is-unavailable">{t('agent_knowledge.unavailable')}</span>
            )}
          </li>
        ))}
      </ol>
    </aside>
  );
}
