import { AimOutlined, CloseOutlined, PictureOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { CHAT_MESSAGE_MAX } from '@tandem/contract/chat';
import { Alert, Button, type GetRef, Input, Spin, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../shared/ui/use-is-phone.ts';
import { ACCEPTED_IMAGES, useAttachments } from '../model/use-attachments.ts';

const isTouchScreen = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(pointer: coarse)').matches;

type Props = {
  isStreaming: boolean;
  isSending: boolean;
  /** Whether the agent's model reads images: only then can they be attached. */
  canAttachImages?: boolean;
  onSend(content: string, images: string[]): Promise<unknown>;
  onStop(): void;
  /** An attached image was taken off the message. */
  onImageRemoved?(): void;
  /**
   * The chat open (a conversation, or a new one): each new one puts the cursor in the box. Absent in
   * another site's frame, which must not take the focus from its page.
   */
  focusKey?: string;
  /** Text put into the box from outside (a quote from the document), each time its `seq` changes. */
  draft?: { text: string; seq: number } | null;
  placeholder?: string;
  /**
   * Something the next message refers to, shown as a removable chip (an element picked in the web
   * preview); `reserved`: the characters it adds to the message, which the box leaves room for.
   */
  reference?: {
    label: string;
    title: string;
    removeLabel: string;
    reserved: number;
    onRemove(): void;
  } | null;
};

/**
 * Enter sends, Shift+Enter starts a new line; while a reply streams only Stop is offered. Images are
 * uploaded as they are picked and go with the next message.
 */
export function Composer({
  isStreaming,
  isSending,
  canAttachImages = false,
  onSend,
  onStop,
  onImageRemoved,
  focusKey,
  draft,
  placeholder,
  reference,
}: Props) {
  const { t } = useTranslation();
  // On a phone, send and stop show their icon only (the word stays for screen readers): the box gets the width.
  const isPhone = useIsPhone();
  const box = useRef<GetRef<typeof Input.TextArea>>(null);
  // Not on a phone, where the keyboard would open over the conversation just opened.
  const shouldFocus = focusKey !== undefined && !isPhone;
  useEffect(() => {
    if (focusKey !== undefined && !isPhone) box.current?.focus();
  }, [focusKey, isPhone]);
  // The box is disabled while a reply streams, which drops its focus: it comes back unless moved on purpose.
  useEffect(() => {
    if (shouldFocus && !isStreaming && document.activeElement === document.body) box.current?.focus();
  }, [isStreaming, shouldFocus]);
  const label = (text: string) => (isPhone ? <span className="visually-hidden">{text}</span> : text);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!draft) return;
    setText((current) => (current.trim() ? `${current}\n\n${draft.text}` : draft.text));
    box.current?.focus();
  }, [draft]);
  // A new reference is there to be written about.
  const referenceLabel = reference?.label;
  useEffect(() => {
    if (referenceLabel !== undefined) box.current?.focus();
  }, [referenceLabel]);
  const images = useAttachments();
  const picker = useRef<HTMLInputElement>(null);
  const isBusy = isStreaming || isSending;
  const hasSomething = text.trim() !== '' || images.ids.length > 0;
  const submit = async () => {
    const content = text.trim();
    if (!hasSomething || isBusy || images.isUploading) return;
    setText('');
    try {
      await onSend(content, images.ids);
      images.clear();
    } catch {
      setText(content);
    }
  };
  return (
    <div className="chat-composer-area">
      {images.problem && (
        <Alert type="warning" showIcon title={t(images.problem.key, images.problem.values)} />
      )}
      {images.attachments.length > 0 && (
        <ul className="chat-attachments" aria-label={t('chat.attached_images')}>
          {images.attachments.map((item) => (
            <li key={item.key}>
              <img src={item.preview} alt={item.name} />
              {item.id === null && <Spin size="small" className="chat-attachment-uploading" />}
              <button
                type="button"
                className="chat-attachment-remove"
                aria-label={t('chat.remove_image', { name: item.name })}
                onClick={() => {
                  images.remove(item.key);
                  onImageRemoved?.();
                }}
              >
                <CloseOutlined />
              </button>
            </li>
          ))}
        </ul>
      )}
      {reference && (
        <div className="chat-reference" title={reference.title}>
          <AimOutlined aria-hidden />
          <span className="chat-reference-label">{reference.label}</span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={reference.removeLabel}
            onClick={() => {
              reference.onRemove();
              box.current?.focus();
            }}
          />
        </div>
      )}
      <div className="chat-composer">
        {canAttachImages && (
          <>
            <input
              ref={picker}
              type="file"
              accept={ACCEPTED_IMAGES}
              multiple
              hidden
              data-testid="chat-image-input"
              onChange={(event) => {
                void images.add([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
            <Tooltip title={t('chat.attach_images_hint')}>
              <Button
                icon={<PictureOutlined />}
                aria-label={t('chat.attach_images')}
                disabled={isStreaming}
                onClick={() => picker.current?.click()}
              />
            </Tooltip>
          </>
        )}
        <Input.TextArea
          ref={box}
          aria-label={t('chat.message_label')}
          // The Enter and Shift+Enter hint is for a keyboard: a phone's or tablet's is not one.
          placeholder={
            placeholder ?? t(isPhone || isTouchScreen() ? 'chat.placeholder_touch' : 'chat.placeholder')
          }
          value={text}
          maxLength={CHAT_MESSAGE_MAX - (reference?.reserved ?? 0)}
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
            {label(t('chat.stop'))}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={isSending}
            disabled={!hasSomething || images.isUploading}
            onClick={() => void submit()}
          >
            {label(t('chat.send'))}
          </Button>
        )}
      </div>
    </div>
  );
}
