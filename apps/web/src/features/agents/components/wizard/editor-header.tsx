import { BugOutlined, CloudUploadOutlined, SaveOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AgentAvatar } from '../../../../shared/ui/agent-avatar/agent-avatar.tsx';
import type { AgentDetail } from '../../api/agents.ts';
import { DEBUG_PANEL_ID } from './debug-panel.tsx';

export type EditorState = 'unsaved' | 'saved' | 'published';

/**
 * Where the agent stands (unsaved changes, saved, published) and the buttons that move it on. A new
 * agent nobody has edited yet has no state to show.
 */
export function EditorHeader({
  agent,
  isCreated,
  name,
  avatar,
  isDirty,
  isSaving,
  isPublishing,
  isUnpublishing,
  canEdit,
  onSave,
  onPublish,
  onUnpublish,
}: {
  agent: AgentDetail | null;
  /** The agent exists (its detail may still be loading after the first save). */
  isCreated: boolean;
  name: string;
  avatar: string;
  isDirty: boolean;
  isSaving: boolean;
  isPublishing: boolean;
  isUnpublishing: boolean;
  canEdit: boolean;
  onSave: () => void;
  onPublish: () => void;
  onUnpublish: () => void;
}) {
  const { t } = useTranslation();
  const status = agent?.status ?? null;
  const isPublished = status === 'published';
  const hasNewDraft = isDirty || !!agent?.has_unpublished_changes;
  const canPublish = canEdit && (agent ? agent.abilities.publish : true);
  const state: EditorState | null = isDirty
    ? 'unsaved'
    : !isCreated
      ? null
      : isPublished
        ? 'published'
        : 'saved';

  return (
    <div className="editor-header">
      <AgentAvatar name={name} avatar={avatar} size={40} />
      <div className="editor-header__title">
        <h2 className="editor-header__name">
          {name.trim() || (agent ? t('agents.untitled') : t('agents.editor.new'))}
        </h2>
        <span className="editor-header__states" aria-live="polite">
          {state && (
            <Tag
              variant="filled"
              color={state === 'unsaved' ? 'warning' : state === 'published' ? 'success' : 'processing'}
            >
              {t(`agents.editor.state_${state}`)}
            </Tag>
          )}
          {agent && status !== 'published' && status !== 'draft' && (
            <Tag variant="filled" color="error">
              {t(`agents.status.${status}`)}
            </Tag>
          )}
          {isPublished && hasNewDraft && (
            <Tag variant="filled" color="default">
              {t('agents.editor.draft_differs')}
            </Tag>
          )}
        </span>
      </div>
      <div className="editor-header__actions">
        {/* Narrow screens have the debug panel below the form: this goes there. */}
        <Button
          className="editor-header__debug-jump"
          icon={<BugOutlined />}
          onClick={() =>
            document.getElementById(DEBUG_PANEL_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
          }
        >
          {t('agents.debug.title')}
        </Button>
        {isPublished && canPublish && (
          <Button icon={<StopOutlined />} loading={isUnpublishing} onClick={onUnpublish}>
            {t('agents.editor.unpublish')}
          </Button>
        )}
        <Button icon={<SaveOutlined />} loading={isSaving} disabled={!canEdit} onClick={onSave}>
          {t('agents.editor.save')}
        </Button>
        {canPublish && (
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={isPublishing}
            disabled={isPublished && !hasNewDraft}
            onClick={onPublish}
          >
            {isPublished ? t('agents.editor.publish_changes') : t('agents.editor.publish')}
          </Button>
        )}
      </div>
    </div>
  );
}
