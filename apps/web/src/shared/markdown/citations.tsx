import { FileTextOutlined } from '@ant-design/icons';
import { type Citation, citationPath } from '@tandem/contract/citation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './citations.css';

/**
 * A reply's sources under its text, as footnotes: each opens its document (a PDF at the page of the
 * passage); one the reader can no longer open says so, without naming it. The ones its text cites
 * (`[n]`) come first, numbered; the others it consulted follow, so a reply that cites nothing still
 * shows what it drew on.
 */
export function Citations({ citations }: { citations: readonly Citation[] }) {
  const { t } = useTranslation();
  if (citations.length === 0) return null;
  const cited = citations.filter((source) => source.cited !== false);
  const consulted = citations.filter((source) => source.cited === false);
  const title = cited.length > 0 ? t('agent_knowledge.sources') : t('agent_knowledge.consulted_title');
  return (
    <aside className="chat-citations" aria-label={title}>
      <p className="chat-citations__title">{title}</p>
      {cited.length > 0 && (
        <ol className="chat-citations__list">
          {cited.map((source) => (
            <li key={source.n} value={source.n} className="chat-citation">
              <span className="chat-citation__number">[{source.n}]</span>
              <SourceBody source={source} />
            </li>
          ))}
        </ol>
      )}
      {cited.length > 0 && consulted.length > 0 && (
        <p className="chat-citations__title">{t('agent_knowledge.also_consulted')}</p>
      )}
      {consulted.length > 0 && (
        <ul className="chat-citations__list is-consulted">
          {consulted.map((source) => (
            <li key={source.n} className="chat-citation">
              <SourceBody source={source} />
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

function SourceBody({ source }: { source: Citation }) {
  const { t } = useTranslation();
  if (!source.available) {
    return <span className="chat-citation__body is-unavailable">{t('agent_knowledge.unavailable')}</span>;
  }
  return (
    <span className="chat-citation__body">
      <Link
        to={citationPath(source)}
        className="chat-citation__link"
        aria-label={t('agent_knowledge.open_source', { n: source.n, name: source.doc_name })}
      >
        <FileTextOutlined /> {source.doc_name}
        {source.page !== null && (
          <span className="chat-citation__page"> · {t('agent_knowledge.page', { page: source.page })}</span>
        )}
      </Link>
      {source.snippet && <span className="chat-citation__snippet">{source.snippet}</span>}
    </span>
  );
}
