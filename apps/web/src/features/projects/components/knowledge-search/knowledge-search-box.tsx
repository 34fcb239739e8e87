import { FilePdfOutlined, FileTextOutlined, LoadingOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input } from 'antd';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { documentPathOf, pdfPathOf } from '../../../../shared/routing/project-paths.ts';
import { useDebouncedValue } from '../../../../shared/ui/use-debounced-value.ts';
import { type KnowledgeSearchHit, knowledgeSearchQuery } from '../../api/knowledge-search.ts';
import { snippetParts } from '../../model/search-snippet.ts';
import './knowledge-search.css';

/** How long typing must pause before the box asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/** A result's page: the document in the editor, or a PDF in its viewer at the passage's page. */
export const hitPathOf = (hit: KnowledgeSearchHit) =>
  hit.doc_kind === 'pdf'
    ? pdfPathOf(hit.doc_uniq_code, { page: hit.page ?? undefined })
    : documentPathOf(hit.doc_uniq_code);

function Snippet({ snippet }: { snippet: string }) {
  return (
    <span className="knowledge-search__snippet">
      {snippetParts(snippet).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never reorder.
        part.isMatch ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </span>
  );
}

/**
 * The project space's search over its documents' titles and content: results as you type (after a
 * pause), matches highlighted, arrows to choose, Enter to open, Escape to close (and then to clear).
 */
export function KnowledgeSearchBox({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({ ...knowledgeSearchQuery(projectId, query), placeholderData: keepPreviousData });
  const hits = query ? (search.data?.data ?? []) : [];
  const isWaiting = text.trim() !== query || search.isFetching;
  const isShown = isOpen && text.trim().length > 0;
  const optionId = (index: number) => `${id}-hit-${index}`;

  const open = (hit: KnowledgeSearchHit | undefined) => {
    if (!hit) return;
    setIsOpen(false);
    navigate(hitPathOf(hit));
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (!isWaiting) open(hits[Math.min(active, hits.length - 1)]);
    } else if (event.key === 'Escape') {
      if (isShown) setIsOpen(false);
      else setText('');
    }
  }

  let body: React.ReactNode;
  if (search.isError && !isWaiting) {
    body = (
      <div className="knowledge-search__state" role="alert">
        {t('knowledge_search.failed')}
        <Button size="small" onClick={() => void search.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (hits.length === 0) {
    body = (
      <div className="knowledge-search__state" role="status">
        {isWaiting ? t('knowledge_search.searching') : t('knowledge_search.empty', { query })}
      </div>
    );
  } else {
    body = (
      <>
        <span className="visually-hidden" role="status">
          {isWaiting
            ? t('knowledge_search.searching')
            : t('knowledge_search.result_count', { count: hits.length })}
        </span>
        <div
          id={`${id}-list`}
          className="knowledge-search__list"
          role="listbox"
          aria-label={t('knowledge_search.results')}
        >
          {hits.map((hit, index) => (
            // The box keeps the focus and its keys choose (aria-activedescendant), as a combobox does.
            // biome-ignore lint/a11y/useKeyWithClickEvents: Enter in the box opens the chosen result.
            <div
              key={hit.doc_id}
              tabIndex={-1}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`knowledge-search__hit${index === active ? ' knowledge-search__hit--active' : ''}`}
              onMouseEnter={() => setActive(index)}
              onClick={() => open(hit)}
            >
              <span className="knowledge-search__title">
                {hit.doc_kind === 'pdf' ? (
                  <FilePdfOutlined aria-hidden data-kind="pdf" />
                ) : (
                  <FileTextOutlined aria-hidden data-kind="doc" />
                )}
                <span className="knowledge-search__name">{hit.doc_name || t('projects.untitled_doc')}</span>
                {hit.page !== null && (
                  <span className="knowledge-search__page">
                    {t('knowledge_search.page', { page: hit.page })}
                  </span>
                )}
              </span>
              {hit.snippet && <Snippet snippet={hit.snippet} />}
            </div>
          ))}
        </div>
        <div className="knowledge-search__hint" aria-hidden>
          {t('knowledge_search.keys_hint')}
        </div>
      </>
    );
  }

  return (
    <search className="knowledge-search">
      <Input
        role="combobox"
        aria-label={t('knowledge_search.label')}
        aria-expanded={isShown}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={isShown && hits.length > 0 ? optionId(active) : undefined}
        placeholder={t('knowledge_search.placeholder')}
        prefix={<SearchOutlined aria-hidden />}
        suffix={isShown && isWaiting ? <LoadingOutlined aria-hidden /> : <span />}
        allowClear
        value={text}
        maxLength={200}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setIsOpen(true);
        }}
        onFocus={() => setIsOpen(true)}
        onBlur={() => setIsOpen(false)}
        onKeyDown={onKeyDown}
      />
      {isShown && (
        // Pressing inside the panel keeps the focus in the box, so a click opens a result before blur closes it.
        // biome-ignore lint/a11y/noStaticElementInteractions: the panel itself is no control.
        <div className="knowledge-search__panel" onMouseDown={(event) => event.preventDefault()}>
          {body}
        </div>
      )}
    </search>
  );
}
