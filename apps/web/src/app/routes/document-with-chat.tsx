import { MessageOutlined } from '@ant-design/icons';
import type { DocData } from '@tandem/contract/project';
import { FloatButton } from 'antd';
import { type CSSProperties, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocChatBridge } from '../../features/projects/editor/doc-chat-bridge.ts';
import { DocumentPage } from '../../features/projects/editor/document-page.tsx';
import './document-with-chat.css';

// The chat's code loads the first time the panel opens, not with every document.
const DocChatPanel = lazy(() =>
  import('../../features/chat/components/doc-chat-panel.tsx').then((module) => ({
    default: module.DocChatPanel,
  })),
);

/** The chat panel's width beside the document (a drawer from the bottom on a phone). */
const PANEL_WIDTH = 420;

/**
 * A document beside its chat panel: the route composes the two features. The editor's AI
 * actions open the panel through the bridge ("quote", "add to chat"); the button opens it by hand.
 */
function DocumentChat({ doc }: { doc: DocData }) {
  const { t } = useTranslation();
  const isOpen = useDocChatBridge((state) => state.open);
  const pending = useDocChatBridge((state) => state.pending);
  const setOpen = useDocChatBridge((state) => state.setOpen);
  const take = useDocChatBridge((state) => state.take);
  if (!isOpen) {
    return (
      <FloatButton
        icon={<MessageOutlined />}
        type="primary"
        tooltip={t('agent_knowledge.panel_open')}
        aria-label={t('agent_knowledge.panel_open')}
        onClick={() => setOpen(true)}
      />
    );
  }
  return (
    <Suspense fallback={null}>
      <DocChatPanel
        doc={doc}
        pending={pending}
        onTake={take}
        onClose={() => setOpen(false)}
        width={PANEL_WIDTH}
      />
    </Suspense>
  );
}

/** How long an opening document may take to show the heading a citation points at. */
const HEADING_WAIT_MS = 10_000;

/**
 * `?at=<heading>` (a citation's place): once the document shows that heading, it is scrolled into view,
 * once; a heading renamed since leaves the document at its top.
 */
function useScrollToHeading(heading: string | null) {
  useEffect(() => {
    if (!heading) return;
    const find = () =>
      [
        ...document.querySelectorAll<HTMLElement>('.ProseMirror :is(h1, h2, h3, h4, h5, h6, [data-level])'),
      ].find((element) => element.textContent?.trim() === heading);
    const show = () => {
      const found = find();
      if (!found) return false;
      found.scrollIntoView({ block: 'start' });
      return true;
    };
    if (show()) return;
    const watcher = new MutationObserver(() => {
      if (show()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      watcher.disconnect();
      clearTimeout(timer);
    };
    watcher.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [heading]);
}

/**
 * `/projects/:doc_uniq_code`: the document, with the chat beside it. While the panel is open on a wide
 * window the page leaves it room, so the panel covers neither the text nor the AI menu over a selection.
 */
export function DocumentWithChatPage() {
  const [params] = useSearchParams();
  useScrollToHeading(params.get('at'));
  const isPanelOpen = useDocChatBridge((state) => state.open);
  return (
    <div
      className={isPanelOpen ? 'doc-with-chat doc-with-chat--open' : 'doc-with-chat'}
      style={{ '--doc-chat-width': `${PANEL_WIDTH}px` } as CSSProperties}
    >
      <DocumentPage aside={(doc) => <DocumentChat doc={doc} />} />
    </div>
  );
}
