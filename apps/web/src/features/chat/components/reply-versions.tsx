import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ReplyAction } from './reply-action.tsx';

type Props = {
  /** Every version of the reply, oldest first. */
  versions: number[];
  shownId: number;
  /** Absent while the conversation is busy: the versions are shown, not switchable. */
  onSelect?(messageId: number): void;
};

/** `< 2/3 >`: which version of a regenerated reply is shown, and the way to the others. */
export function ReplyVersions({ versions, shownId, onSelect }: Props) {
  const { t } = useTranslation();
  const index = versions.indexOf(shownId);
  const go = (step: number) => {
    const target = versions[index + step];
    if (target !== undefined) onSelect?.(target);
  };
  return (
    <span className="chat-reply-versions">
      <ReplyAction
        label={t('chat.previous_version')}
        icon={<LeftOutlined />}
        isDisabled={!onSelect || index <= 0}
        onClick={() => go(-1)}
      />
      <span
        className="chat-reply-versions-count"
        role="status"
        aria-label={t('chat.version_of', { n: index + 1, total: versions.length })}
      >
        {index + 1}/{versions.length}
      </span>
      <ReplyAction
        label={t('chat.next_version')}
        icon={<RightOutlined />}
        isDisabled={!onSelect || index >= versions.length - 1}
        onClick={() => go(1)}
      />
    </span>
  );
}
