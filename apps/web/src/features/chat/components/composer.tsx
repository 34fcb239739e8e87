import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { CHAT_MESSAGE_MAX } from '@tandem/contract/chat';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  isStreaming: boolean;
  isSending: boolean;
  onSend(content: string): Promise<unknown>;
  onStop(): void;
};

/** Enter sends, Shift+Enter starts a new line; while a reply streams only Stop is offered. */
export function Composer({ isStreaming, isSending, onSend, onStop }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const isBusy = isStreaming || isSending;
  const submit = async () => {
    const content = text.trim();
    if (!content || isBusy) return;
    setText('');
    try {
      await onSend(content);
    } catch {
      setText(content);
    }
  };
  return (
    <div className="chat-composer">
      <Input.TextArea
        aria-label={t('chat.message_label')}
        placeholder={t('chat.placeholder')}
        value={text}
        maxLength={CHAT_MESSAGE_MAX}
        autoSize={{ minRows: 1, maxRows: 8 }}
        disabled={isStreaming}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          void submit();
        }}
      />
      {isStreaming ? (
        <Button icon={<StopOutlined />} onClick={onStop}>
          {t('chat.stop')}
        </Button>
      ) : (
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={isSending}
          disabled={!text.trim()}
          onClick={() => void submit()}
        >
          {t('chat.send')}
        </Button>
      )}
    </div>
  );
}
