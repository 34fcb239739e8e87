import type { ExportFormat } from '@tandem/contract/project-rules';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { EditorContent, useEditor } from '@tiptap/react';
import { Alert, Drawer, Grid } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../../shared/ui/save-file.ts';
import { type DocData, exportDocument, renameDocument } from '../api/document-api.ts';
import { type CollaborationSession, markOnce } from '../collab/collaboration-session.ts';
import { bannerOf, hasFirstContent, syncStatusOf } from '../collab/sync-status.ts';
import { useConnectionFacts, usePeers } from '../collab/use-collaboration.ts';
import { editorExtensions } from '../extensions/editor-extensions.ts';
import { usePageWidth } from '../page-width.ts';
import { useDocumentClosing } from '../use-document-closing.ts';
import { useOutline } from '../use-outline.ts';
import { useWordCount } from '../use-word-count.ts';
import { DocumentClosedModal } from './document-closed-modal.tsx';
import { DocumentHeader } from './document-header.tsx';
import { EditorToolbar } from './editor-toolbar.tsx';
import { FindReplaceBar } from './find-replace-bar.tsx';
import { LinkDialog } from './link-dialog.tsx';
import { SyncBanner } from './sync-banner.tsx';
import { TableOfContents } from './table-of-contents.tsx';

// The AI actions come in their own chunk (Markdown reading and writing), after the document opens.
const AiWriting = lazy(() => import('../ai-writing/ai-writing.tsx'));

type Props = {
  doc: DocData;
  session: CollaborationSession;
  user: { id: number; name: string; color: string };
};

/** The collaborative editor of one document: header, toolbar, outline, the text and its word count. */
export function DocumentEditor({ doc, session, user }: Props) {
  const { t } = useTranslation();
  const [isFindOpen, setFindOpen] = useState(false);
  const [isLinkOpen, setLinkOpen] = useState(false);
  const [isOutlineShown, setOutlineShown] = useState(true);
  const [isOutlineDrawerOpen, setOutlineDrawerOpen] = useState(false);
  const [name, setName] = useState(doc.name);
  // Renamed elsewhere (or the kept copy was older than the server's).
  useEffect(() => setName(doc.name), [doc.name]);
  const [pageWidth, setPageWidth] = usePageWidth(user.id);
  const isPhone = !Grid.useBreakpoint().md;
  // On a phone, and at full width (the text takes the whole pane), the outline opens in a drawer.
  const isOutlineInDrawer = isPhone || pageWidth === 'full';
  const facts = useConnectionFacts(session);
  const closedReason = useDocumentClosing(doc.id, doc.project_id, facts.isGone);
  // Read-only while the fallback loads the server's content (see CollaborationSession), and until the
  // document's first content is in (keys typed before it would be merged beside it, out of order).
  const canEdit =
    doc.can_edit &&
    !closedReason &&
    !facts.refusal &&
    !facts.isReadOnly &&
    facts.fallback !== 'loading' &&
    hasFirstContent(facts);
  const status = syncStatusOf(facts);
  const peers = usePeers(session);

  const editor = useEditor(
    {
      extensions: editorExtensions({
        ydoc: session.ydoc,
        provider: session.provider,
        user: { name: user.name, color: user.color },
      }),
      editable: canEdit,
      onCreate: () => markOnce('doc:editor'),
      editorProps: {
        // The hint of an empty document is the editor's own (`doc-text--empty::before`), over its first
        // line: on the paragraph (Tiptap's placeholder) a hint of two lines, on a phone, lost its second.
        attributes: (state) => ({
          'aria-label': t('doc_editor.text'),
          class: isEmptyDocument(state.doc) ? 'doc-text doc-text--empty' : 'doc-text',
          'data-placeholder': t('doc_editor.placeholder'),
        }),
      },
    },
    [session],
  );
  const words = useWordCount(editor);
  const outline = useOutline(editor);

  // The name came from the kept copy and the server calls the user otherwise now.
  useEffect(() => {
    editor?.commands.updateUser({ name: user.name, color: user.color });
  }, [editor, user.name, user.color]);

  useEffect(() => {
    session.htmlOf = () => editor?.getHTML() ?? '';
    session.setHtml = (html) => editor?.commands.setContent(html);
  }, [session, editor]);

  useEffect(() => {
    editor?.setEditable(canEdit);
    // Nothing more to send or receive for a deleted document.
    if (closedReason) session.socket.disconnect();
  }, [editor, canEdit, closedReason, session]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        setFindOpen(true);
      }
    };
    addEventListener('keydown', onKeyDown);
    return () => removeEventListener('keydown', onKeyDown);
  }, []);

  async function rename(next: string) {
    const previous = name;
    setName(next);
    await renameDocument(doc.id, next).catch(() => setName(previous));
  }

  async function download(format: ExportFormat) {
    const { blob } = await exportDocument(doc.id, format);
    saveFile(blob, `${name || t('doc_editor.untitled')}.${format}`);
  }

  const banner = closedReason ? null : bannerOf(status);
  const outlinePanel = editor && (
    <TableOfContents
      editor={editor}
      items={outline.items}
      activePos={outline.activePos}
      onPicked={() => setOutlineDrawerOpen(false)}
    />
  );

  return (
    <div className={`doc-page doc-page--${pageWidth}`}>
      <DocumentHeader
        doc={doc}
        name={name}
        canEdit={canEdit}
        // A deleted document has nothing left to save: no status rather than "offline".
        status={closedReason ? null : status}
        peers={peers}
        pageWidth={pageWidth}
        onPageWidth={setPageWidth}
        onRename={(next) => void rename(next)}
        onExport={(format) => void download(format).catch(() => undefined)}
        onToggleOutline={() =>
          isOutlineInDrawer ? setOutlineDrawerOpen((open) => !open) : setOutlineShown((shown) => !shown)
        }
      />
      {banner && !facts.refusal && <SyncBanner kind={banner} />}
      {facts.refusal && (
        <Alert className="doc-refusal" type="error" showIcon title={t(`error.${facts.refusal}`)} />
      )}
      {editor && (canEdit || isFindOpen) && (
        <div className="doc-bars">
          {canEdit && (
            <EditorToolbar
              editor={editor}
              docId={doc.id}
              onOpenLink={() => setLinkOpen(true)}
              onOpenFind={() => setFindOpen(true)}
            />
          )}
          {isFindOpen && (
            <FindReplaceBar
              editor={editor}
              canEdit={canEdit}
              onClose={() => {
                setFindOpen(false);
                editor.commands.focus();
              }}
            />
          )}
        </div>
      )}
      <div className="doc-body">
        {!isOutlineInDrawer && isOutlineShown && (
          <nav className="doc-toc" aria-label={t('doc_editor.toc')}>
            <h2 className="doc-toc__title">{t('doc_editor.toc')}</h2>
            {outlinePanel}
          </nav>
        )}
        <main className="doc-paper">
          <EditorContent editor={editor} />
          {editor && (
            <Suspense fallback={null}>
              <AiWriting editor={editor} docId={doc.id} canEdit={canEdit} />
            </Suspense>
          )}
        </main>
      </div>
      <footer className="doc-footer" aria-live="off">
        {t('doc_editor.word_count', { count: words })}
      </footer>
      {isOutlineInDrawer && (
        <Drawer
          open={isOutlineDrawerOpen}
          placement="left"
          size={280}
          title={t('doc_editor.toc')}
          onClose={() => setOutlineDrawerOpen(false)}
        >
          {outlinePanel}
        </Drawer>
      )}
      {isLinkOpen && editor && <LinkDialog editor={editor} onClose={() => setLinkOpen(false)} />}
      {closedReason && <DocumentClosedModal reason={closedReason} />}
    </div>
  );
}

/** A document of one empty paragraph: what a new document is, and what deleting everything leaves. */
function isEmptyDocument(doc: ProseMirrorNode) {
  return (
    doc.childCount === 1 && doc.firstChild?.type.name === 'paragraph' && doc.firstChild.content.size === 0
  );
}
