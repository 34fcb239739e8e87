import { UnorderedListOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../shared/ui/use-is-phone.ts';

/**
 * Whether the chat's side lists (agents, conversations) sit in a drawer: on a phone they would squeeze
 * the conversation to a sliver, so the conversation takes the whole width, as in the embed.
 */
export function useChatSide() {
  const isDrawer = useIsPhone();
  const [isOpen, setOpen] = useState(false);
  return { isDrawer, isOpen, open: () => setOpen(true), close: () => setOpen(false) };
}

export type ChatSideState = ReturnType<typeof useChatSide>;

/** The side lists: a column beside the conversation, or on a phone a drawer closed by a choice or Escape. */
export function ChatSide({ side, children }: { side: ChatSideState; children: ReactNode }) {
  const { t } = useTranslation();
  if (!side.isDrawer) return <div className="chat-side">{children}</div>;
  return (
    <Drawer
      placement="left"
      size="min(320px, 88vw)"
      open={side.isOpen}
      onClose={side.close}
      title={t('chat.open_lists')}
      classNames={{ body: 'chat-side chat-side--drawer' }}
    >
      {children}
    </Drawer>
  );
}

/** The button in the chat's header that opens the drawer; nothing where the lists are a column. */
export function ChatSideButton({ side }: { side: ChatSideState }) {
  const { t } = useTranslation();
  if (!side.isDrawer) return null;
  return (
    <Button
      icon={<UnorderedListOutlined />}
      aria-label={t('chat.open_lists')}
      aria-expanded={side.isOpen}
      onClick={side.open}
    />
  );
}
