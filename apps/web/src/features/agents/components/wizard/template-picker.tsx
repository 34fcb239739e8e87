import { CheckCircleFilled, FileAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../../shared/i18n/i18n.ts';
import { AgentAvatar } from '../../../../shared/ui/agent-avatar/agent-avatar.tsx';
import { type AgentTemplate, templatesQuery } from '../../api/agents.ts';

const LOADING_SLOTS = ['first', 'second', 'third'];

/** Blank, or one of the server's templates, which fills in the whole configuration. */
export function TemplatePicker({
  chosenId,
  onChoose,
}: {
  /** `''` for blank; undefined before any choice. */
  chosenId: string | undefined;
  onChoose: (template: AgentTemplate | null) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const templates = useQuery(templatesQuery(locale));
  const choices: { id: string; name: string; description: string; template: AgentTemplate | null }[] = [
    {
      id: '',
      name: t('agents.template.blank'),
      description: t('agents.template.blank_hint'),
      template: null,
    },
    ...(templates.data ?? []).map((template) => ({ ...template, template })),
  ];
  return (
    // Named by the section's heading.
    <fieldset className="template-picker" aria-labelledby="agent-section-template-title">
      {choices.map((choice) => {
        const isChosen = chosenId === choice.id;
        return (
          <button
            key={choice.id || 'blank'}
            type="button"
            aria-pressed={isChosen}
            className={`template-choice${isChosen ? ' template-choice--chosen' : ''}`}
            onClick={() => onChoose(choice.template)}
          >
            {choice.template ? (
              <AgentAvatar name={choice.name} avatar={choice.template.config.avatar} size={36} />
            ) : (
              <span className="template-choice__blank" aria-hidden="true">
                <FileAddOutlined />
              </span>
            )}
            <span className="template-choice__text">
              <span className="template-choice__name">{choice.name}</span>
              <span className="template-choice__description">{choice.description}</span>
            </span>
            {isChosen && <CheckCircleFilled className="template-choice__check" aria-hidden="true" />}
          </button>
        );
      })}
      {templates.isPending &&
        LOADING_SLOTS.map((slot) => (
          <div key={slot} className="template-choice template-choice--loading">
            <Skeleton avatar={{ size: 36, shape: 'square' }} active title={false} paragraph={{ rows: 2 }} />
          </div>
        ))}
    </fieldset>
  );
}
