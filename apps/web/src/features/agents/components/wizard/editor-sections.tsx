import {
  AGENT_DESCRIPTION_MAX,
  AGENT_FIRST_QUESTION_MAX,
  AGENT_GREETING_MAX,
  AGENT_NAME_MAX,
  AGENT_PROMPT_MAX,
} from '@tandem/contract/limits';
import { Alert, Form, type FormRule, Input } from 'antd';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentDetail, AgentTemplate } from '../../api/agents.ts';
import type { WizardValues } from '../../model/wizard-values.ts';
import { AgentMembers } from '../agent-members.tsx';
import { SharePanel } from '../share-panel.tsx';
import { AccessFields } from './access-fields.tsx';
import { AvatarField } from './avatar-field.tsx';
import { KnowledgeField } from './knowledge-field.tsx';
import { ModelPicker } from './model-picker.tsx';
import { ModelSettings } from './model-settings.tsx';
import { OptionToggles } from './option-toggles.tsx';
import { PromptOptimizer } from './prompt-optimizer.tsx';
import { TemplatePicker } from './template-picker.tsx';

export const EDITOR_SECTIONS = [
  'template',
  'model',
  'basic',
  'prompt',
  'opening',
  'knowledge',
  'access',
  'members',
  'share',
  'advanced',
] as const;
export type EditorSection = (typeof EDITOR_SECTIONS)[number];

function Section({ id, children, lead }: { id: EditorSection; children: ReactNode; lead?: string }) {
  const { t } = useTranslation();
  return (
    <section
      className="editor-section"
      id={`agent-section-${id}`}
      aria-labelledby={`agent-section-${id}-title`}
    >
      <h2 className="editor-section__title" id={`agent-section-${id}-title`}>
        {t(`agents.sections.${id}`)}
      </h2>
      {lead && <p className="editor-section__lead">{lead}</p>}
      {children}
    </section>
  );
}

/**
 * The editor's sections in the spec's order: template (new agents), model, basic information, prompt,
 * first question and greeting, knowledge, access, members, link / QR code / embed, advanced settings.
 */
export function EditorSections({
  agent,
  values,
  requireAll,
  canChooseTemplate,
  templateId,
  onChooseTemplate,
  canShare,
}: {
  agent: AgentDetail | null;
  values: WizardValues;
  /** True while publishing: the required fields are then checked, each with its own message. */
  requireAll: RefObject<boolean>;
  canChooseTemplate: boolean;
  templateId: string | undefined;
  onChooseTemplate: (template: AgentTemplate | null) => void;
  canShare: boolean;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<WizardValues>();
  const required =
    (messageKey: string): FormRule =>
    () => ({ required: requireAll.current, whitespace: true, message: t(messageKey) });

  return (
    <>
      {canChooseTemplate && (
        <Section id="template" lead={t('agents.template.lead')}>
          <TemplatePicker chosenId={templateId} onChoose={onChooseTemplate} />
        </Section>
      )}
      <Section id="model">
        <Form.Item
          name="model_id"
          rules={[() => ({ required: requireAll.current, message: t('error.agent_model_required') })]}
        >
          <ModelPicker
            unavailableName={agent?.model && !agent.model.available ? agent.model.name : undefined}
          />
        </Form.Item>
      </Section>
      <Section id="basic">
        <Form.Item
          name="avatar"
          label={t('agents.basic.avatar')}
          rules={[required('error.agent_avatar_required')]}
          required
        >
          <AvatarField name={values.name} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('agents.basic.name')}
          rules={[required('error.agent_name_required')]}
          required
        >
          <Input maxLength={AGENT_NAME_MAX} showCount placeholder={t('agents.basic.name_placeholder')} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('agents.basic.description')}
          rules={[required('error.agent_description_required')]}
          required
        >
          <Input.TextArea
            maxLength={AGENT_DESCRIPTION_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder={t('agents.basic.description_placeholder')}
          />
        </Form.Item>
      </Section>
      <Section id="prompt" lead={t('agents.prompt.lead')}>
        <Form.Item
          name="prompt"
          label={t('agents.prompt.label')}
          rules={[required('error.agent_prompt_required')]}
          required
        >
          <Input.TextArea
            maxLength={AGENT_PROMPT_MAX}
            showCount
            autoSize={{ minRows: 6, maxRows: 18 }}
            placeholder={t('agents.prompt.placeholder')}
          />
        </Form.Item>
        <PromptOptimizer
          request={() => ({
            prompt: form.getFieldValue('prompt') ?? '',
            model_id: form.getFieldValue('model_id') ?? null,
            name: form.getFieldValue('name') ?? '',
            description: form.getFieldValue('description') ?? '',
          })}
          onAccept={(prompt) => form.setFieldValue('prompt', prompt)}
        />
      </Section>
      <Section id="opening">
        <Form.Item
          name="first_question"
          label={t('agents.opening.first_question')}
          extra={t('agents.opening.first_question_hint')}
          rules={[required('error.agent_first_question_required')]}
          required
        >
          <Input
            maxLength={AGENT_FIRST_QUESTION_MAX}
            showCount
            placeholder={t('agents.opening.first_question_placeholder')}
          />
        </Form.Item>
        <Form.Item
          name="greeting"
          label={t('agents.opening.greeting')}
          extra={t('agents.opening.greeting_hint')}
        >
          <Input.TextArea
            maxLength={AGENT_GREETING_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={t('agents.opening.greeting_placeholder')}
          />
        </Form.Item>
      </Section>
      <Section id="knowledge">
        <Form.Item name="knowledge_ids" label={t('agent_knowledge.label')} extra={t('agent_knowledge.hint')}>
          <KnowledgeField agentId={agent?.id} />
        </Form.Item>
      </Section>
      <Section id="access">
        <AccessFields disabled={!canShare} />
      </Section>
      <Section id="members">
        {agent ? (
          <AgentMembers agent={agent} />
        ) : (
          <Alert type="info" showIcon title={t('agents.members.save_first')} />
        )}
      </Section>
      <Section id="share">
        <SharePanel
          agentKey={agent?.agent_key ?? null}
          agentName={values.name}
          status={agent?.status ?? null}
          access={agent?.access ?? values.access}
        />
      </Section>
      <Section id="advanced" lead={t('agents.params.lead')}>
        <ModelSettings />
        <OptionToggles />
      </Section>
    </>
  );
}
