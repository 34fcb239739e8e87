import { type ReactNode, useRef } from 'react';
import { Virtuoso } from 'react-virtuoso';
import type { ShownMessage } from '../model/apply-publication.ts';

/** Far from zero, so the index of the first item can go down by every earlier page read. */
const FIRST_INDEX = 1_000_000;

type Slots = { header: ReactNode; footer: ReactNode };

const Header = ({ context }: { context?: Slots }) => <div className="chat-list-slot">{context?.header}</div>;
const Footer = ({ context }: { context?: Slots }) => <div className="chat-list-slot">{context?.footer}</div>;

type Props = Slots & {
  /** Another conversation starts the list again, at its end. */
  conversationKey: string | null;
  messages: ShownMessage[];
  renderMessage(message: ShownMessage, index: number): ReactNode;
  label: string;
  /** Scrolled to the top: read the page before (the header also offers it as a button). */
  onReachStart?(): void;
};

/**
 * A conversation's messages, virtualised: only those near the viewport are in the page, so thousands
 * scroll as smoothly as ten. It opens at the end and follows a streaming reply while the reader is at
 * the bottom; earlier pages put in at the top keep the reader's place.
 */
export function MessageList({
  conversationKey,
  messages,
  header,
  footer,
  renderMessage,
  label,
  onReachStart,
}: Props) {
  // The first message the conversation was opened with: anything before it came from an earlier page.
  const anchor = useRef<{ key: string | null; firstId: number | undefined }>({
    key: null,
    firstId: undefined,
  });
  if (anchor.current.key !== conversationKey || anchor.current.firstId === undefined) {
    anchor.current = { key: conversationKey, firstId: messages[0]?.id };
  }
  const prepended = Math.max(
    0,
    messages.findIndex((message) => message.id === anchor.current.firstId),
  );
  const firstItemIndex = FIRST_INDEX - prepended;

  return (
    <Virtuoso
      key={conversationKey ?? 'new'}
      className="chat-messages"
      role="log"
      aria-label={label}
      data={messages}
      context={{ header, footer }}
      components={{ Header, Footer }}
      firstItemIndex={firstItemIndex}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      followOutput={(isAtBottom) => (isAtBottom ? 'auto' : false)}
      startReached={onReachStart}
      computeItemKey={(_, message) => message.id}
      itemContent={(index, message) => (
        <div className="chat-list-item">{renderMessage(message, index - firstItemIndex)}</div>
      )}
    />
  );
}
