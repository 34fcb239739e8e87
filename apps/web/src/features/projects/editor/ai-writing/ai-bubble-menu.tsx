import {
  BulbOutlined,
  DownOutlined,
  EditOutlined,
  MessageOutlined,
  ProfileOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { REWRITE_MODES, TRANSLATION_TARGETS } from '@tandem/contract/ai-writing';
import type { Editor } from '@tiptap/core';
import { isTextSelection } from '@tiptap/core';
import { BubbleMenu, type BubbleMenuProps } from '@tiptap/react/menus';
import { Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import { type ReactNode, useCallback, useRef } from 'react';
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

/** The AI actions over a non-empty text selection (spec part B section 2, selection actions). */
export function AiBubbleMenu({ editor, canEdit, isPreviewOpen, onTask, onHand }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const element = useRef<HTMLDivElement | null>(null);
  const isPreviewOpenRef = useRef(isPreviewOpen);
  isPreviewOpenRef.current = isPreviewOpen;

  // Stable: a new function each render would reconfigure the menu's plugin each time.
  const shouldShow = useCallback<ShouldShow>(({ editor: current, view, state, from, to }) => {
    if (isPreviewOpenRef.current || state.selection.empty || !isTextSelection(state.selection)) return false;
    if (state.doc.textBetween(from, to, ' ').trim() === '') return false;
    // A read-only editor never has focus; its selection is still the reader's.
    if (!current.isEditable) return true;
    return view.hasFocus() || !!element.current?.contains(document.activeElement);
  }, []);

  const popupContainer = () => element.current ?? document.body;
  const item = (key: string, icon: ReactNode, label: string, onClick: () => void, hasMenu = false) => (
    <Tooltip title={isPhone ? label : undefined} key={key}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        onClick={onClick}
        className="ai-menu__button"
      >
        {isPhone ? null : label}
        {hasMenu && <DownOutlined className="ai-menu__caret" />}
      </Button>
    </Tooltip>
  );
  const rewriteMenu: MenuProps = {
    items: REWRITE_MODES.map((mode) => ({ key: mode, label: t(`ai_writing.mode.${mode}`) })),
    onClick: ({ key }) => onTask({ action: 'rewrite', mode: key as (typeof REWRITE_MODES)[number] }),
  };
  const translateMenu: MenuProps = {
    items: TRANSLATION_TARGETS.map((language) => ({
      key: language,
      label: t(`ai_writing.language.${language}`),
    })),
    onClick: ({ key }) =>
      onTask({ action: 'translate', language: key as (typeof TRANSLATION_TARGETS)[number] }),
  };

  return (
    <BubbleMenu
      editor={editor}
      pluginKey={AI_MENU_KEY}
      shouldShow={shouldShow}
      options={{ placement: isPhone ? 'bottom' : 'top', offset: 8 }}
      ref={element}
      className="ai-menu"
      role="toolbar"
      aria-label={t('ai_writing.menu')}
      // Keeps the editor's focus and selection while a button is pressed.
      onMouseDown={(event) => event.preventDefault()}
    >
      {canEdit && (
        <Dropdown menu={rewriteMenu} trigger={['click']} getPopupContainer={popupContainer}>
          {item('rewrite', <EditOutlined />, t('ai_writing.rewrite'), () => undefined, true)}
        </Dropdown>
      )}
      {item('explain', <BulbOutlined />, t('ai_writing.explain'), () => onTask({ action: 'explain' }))}
      {item('summary', <ProfileOutlined />, t('ai_writing.summary'), () => onTask({ action: 'summary' }))}
      <Dropdown menu={translateMenu} trigger={['click']} getPopupContainer={popupContainer}>
        {item('translate', <TranslationOutlined />, t('ai_writing.translate'), () => undefined, true)}
      </Dropdown>
      <span className="ai-menu__divider" aria-hidden />
      {item('quote', <QuoteIcon />, t('ai_writing.quote'), () => onHand('quote'))}
      {item('add', <MessageOutlined />, t('ai_writing.add_to_chat'), () => onHand('add'))}
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
