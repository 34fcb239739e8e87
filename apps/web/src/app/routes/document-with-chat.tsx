import { MessageOutlined } from '@ant-design/icons';
import type { DocData } from '@tandem/contract/project';
import { FloatButton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocChatBridge } from '../../features/projects/editor/doc-chat-bridge.ts';
import { DocumentPage } from '../../features/projects/editor/document-page.tsx';

// The chat's code loads the first time the panel opens, not with every document.
const DocChatPanel = lazy(() =>
  import('../../features/chat/components/doc-chat-panel.tsx').then((module) => ({
    default: module.DocChatPanel,
  })),
);

/**
 * A document beside its chat panel (issue 15): the route composes the two features. The editor's AI
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
      <DocChatPanel doc={doc} pending={pending} onTake={take} onClose={() => setOpen(false)} />
    </Suspense>
  );
}

/** `/projects/:doc_uniq_code`: the document, with the chat beside it. */
export function DocumentWithChatPage() {
  return <DocumentPage aside={(doc) => <DocumentChat doc={doc} />} />;
}
