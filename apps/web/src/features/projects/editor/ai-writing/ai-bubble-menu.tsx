import {
  BulbOutlined,
  DownOutlined,
  EditOutlined,
  LeftOutlined,
  MessageOutlined,
  ProfileOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { REWRITE_MODES, TRANSLATION_TARGETS } from '@tandem/contract/ai-writing';
import type { Editor } from '@tiptap/core';
import { isTextSelection } from '@tiptap/core';
import { BubbleMenu, type BubbleMenuProps } from '@tiptap/react/menus';
import { Button, Tooltip } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../../shared/ui/use-is-phone.ts';
import type { WritingTask } from './preview-machine.ts';

export const AI_MENU_KEY = 'aiWritingMenu';

type Props = {
  editor: Editor;
  /** Viewers may explain, summarise, translate and quote, but not rewrite. */
  canEdit: boolean;
  /** While a preview is open the menu stays away. */
  isPreviewOpen: boolean;
  onTask: (task: WritingTask) => void;
  onHand: (kind: 'quote' | 'add') => void;
};

type ShouldShow = NonNullable<BubbleMenuProps['shouldShow']>;
type Submenu = 'rewrite' | 'translate' | null;

/** Whether the selection is one the menu belongs over: some text, in an editor the user is in. */
function isOverSelection(editor: Editor, menu: HTMLElement | null) {
  const { state, view } = editor;
  const { selection } = state;
  if (selection.empty || !isTextSelection(selection)) return false;
  if (state.doc.textBetween(selection.from, selection.to, ' ').trim() === '') return false;
  // A read-only editor never has focus; its selection is still the reader's.
  if (!editor.isEditable) return true;
  return view.hasFocus() || !!menu?.contains(document.activeElement);
}

/** The AI actions over a non-empty text selection. */
export function AiBubbleMenu({ editor, canEdit, isPreviewOpen, onTask, onHand }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const element = useRef<HTMLDivElement | null>(null);
  // The rewrite modes or the languages, in place of the actions (no pop-up over a pop-up).
  const [submenu, setSubmenu] = useState<Submenu>(null);
  const isPreviewOpenRef = useRef(isPreviewOpen);
  isPreviewOpenRef.current = isPreviewOpen;

  // Stable: a new function each render would reconfigure the menu's plugin each time.
  const shouldShow = useCallback<ShouldShow>(
    ({ editor: current }) => !isPreviewOpenRef.current && isOverSelection(current, element.current),
    [],
  );

  // The menu looks again only when the selection or the document changes. A preview that closes on the
  // same selection (Escape, close) changes neither: the menu comes back over it, one step back.
  const wasPreviewOpen = useRef(isPreviewOpen);
  useEffect(() => {
    const hasClosed = wasPreviewOpen.current && !isPreviewOpen;
    wasPreviewOpen.current = isPreviewOpen;
    if (!hasClosed || editor.isDestroyed || !isOverSelection(editor, element.current)) return;
    editor.view.dispatch(editor.state.tr.setMeta(AI_MENU_KEY, 'show'));
    // Shown first: the plugin places only a menu that is visible.
    editor.view.dispatch(editor.state.tr.setMeta(AI_MENU_KEY, 'updatePosition'));
  }, [editor, isPreviewOpen]);

  // The menu stays on the document's page: beside the chat panel it was pushed only off the window's
  // edge, so part of it lay under the panel. It keeps to the page's width too, in rows if need be.
  const [page, setPage] = useState<Element | null>(null);
  useEffect(() => {
    if (!editor.isDestroyed) setPage(editor.view.dom.closest('.doc-page') ?? document.body);
  }, [editor]);
  const options = useMemo(() => {
    // Placed with the page as its bounds from its first showing (the plugin takes later options late).
    const boundary = { boundary: page ?? document.body, padding: 8 };
    return {
      placement: isPhone ? ('bottom' as const) : ('top' as const),
      offset: 8,
      flip: boundary,
      shift: boundary,
      size: {
        ...boundary,
        apply: ({
          availableWidth,
          elements,
        }: {
          availableWidth: number;
          elements: { floating: HTMLElement };
        }) => {
          elements.floating.style.maxWidth = `${Math.max(160, Math.floor(availableWidth))}px`;
        },
      },
      onHide: () => setSubmenu(null),
    };
  }, [isPhone, page]);
  const item = (key: string, icon: ReactNode, label: string, onClick: () => void, submenuOf?: Submenu) => (
    <Tooltip title={isPhone && icon ? label : undefined} key={key}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        aria-haspopup={submenuOf ? 'true' : undefined}
        aria-expanded={submenuOf ? submenu === submenuOf : undefined}
        onClick={onClick}
        className="ai-menu__button"
      >
        {isPhone && icon ? null : label}
        {submenuOf && <DownOutlined className="ai-menu__caret" />}
      </Button>
    </Tooltip>
  );
  const back = (
    <Button
      type="text"
      size="small"
      icon={<LeftOutlined />}
      aria-label={t('ai_writing.back')}
      onClick={() => setSubmenu(null)}
    />
  );

  if (!page) return null;
  return (
    <BubbleMenu
      editor={editor}
      pluginKey={AI_MENU_KEY}
      shouldShow={shouldShow}
      options={options}
      ref={element}
      className="ai-menu"
      role="toolbar"
      aria-label={t('ai_writing.menu')}
      // Keeps the editor's focus and selection while a button is pressed.
      onMouseDown={(event) => event.preventDefault()}
    >
      {submenu === 'rewrite' ? (
        <>
          {back}
          {REWRITE_MODES.map((mode) =>
            item(mode, null, t(`ai_writing.mode.${mode}`), () => onTask({ action: 'rewrite', mode })),
          )}
        </>
      ) : submenu === 'translate' ? (
        <>
          {back}
          {TRANSLATION_TARGETS.map((language) =>
            item(language, null, t(`ai_writing.language.${language}`), () =>
              onTask({ action: 'translate', language }),
            ),
          )}
        </>
      ) : (
        <>
          {canEdit &&
            item(
              'rewrite',
              <EditOutlined />,
              t('ai_writing.rewrite'),
              () => setSubmenu('rewrite'),
              'rewrite',
            )}
          {item('explain', <BulbOutlined />, t('ai_writing.explain'), () => onTask({ action: 'explain' }))}
          {item('summary', <ProfileOutlined />, t('ai_writing.summary'), () => onTask({ action: 'summary' }))}
          {item(
            'translate',
            <TranslationOutlined />,
            t('ai_writing.translate'),
            () => setSubmenu('translate'),
            'translate',
          )}
          <span className="ai-menu__divider" aria-hidden />
          {item('quote', <QuoteIcon />, t('ai_writing.quote'), () => onHand('quote'))}
          {item('add', <MessageOutlined />, t('ai_writing.add_to_chat'), () => onHand('add'))}
        </>
      )}
    </BubbleMenu>
  );
}

/** A quotation mark: antd's icons have none. */
function QuoteIcon() {
  return (
    <span className="anticon">
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        <path d="M9.6 6C6.5 7.4 4.5 10.3 4.5 13.6V18h6v-6H7.6c.2-2 1.5-3.7 3.3-4.6L9.6 6Zm9 0c-3.1 1.4-5.1 4.3-5.1 7.6V18h6v-6h-2.9c.2-2 1.5-3.7 3.3-4.6L18.6 6Z" />
      </svg>
    </span>
  );
}
