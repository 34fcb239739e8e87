import { errorByCode, type FieldError } from '@tandem/contract/errors';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/http-client.ts';
import { availableModelsQuery } from '../../../../shared/models/available-models.ts';
import { showNotice } from '../../../../shared/ui/notices.ts';
import {
  AGENTS_KEY,
  type AgentDetail,
  type AgentTemplate,
  agentKey,
  createAgent,
  publishAgent,
  setAgentAccess,
  unpublishAgent,
  updateAgent,
} from '../../api/agents.ts';
import { useUnsavedChangesGuard } from '../../hooks/use-unsaved-changes-guard.ts';
import { presetAfterEdit, withPreset } from '../../model/model-params.ts';
import {
  BLANK_VALUES,
  configOf,
  snapshotOf,
  valuesFromDetail,
  valuesFromTemplate,
  type WizardValues,
} from '../../model/wizard-values.ts';
import { uploadGeneratedAvatar } from './avatar-field.tsx';
import { DebugPanel } from './debug-panel.tsx';
import { EditorHeader } from './editor-header.tsx';
import { EditorSections } from './editor-sections.tsx';
import { LeaveConfirmation } from './leave-confirmation.tsx';

const accessOf = (values: Pick<WizardValues, 'access' | 'embed_origins'>) =>
  JSON.stringify([values.access, values.embed_origins]);

type Busy = 'save' | 'publish' | 'unpublish' | null;

/**
 * The agent editor: one form for every section, a live debug panel beside it, and save (the draft),
 * publish and unpublish. `agent` is null for a new agent until its first save creates it.
 */
export function AgentEditor({
  agent,
  onCreated,
}: {
  agent: AgentDetail | null;
  /** The first save made the agent: the page moves to its address. */
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<WizardValues>();
  const [initial] = useState(() => (agent ? valuesFromDetail(agent) : BLANK_VALUES));
  const [saved, setSaved] = useState(() => ({ snapshot: snapshotOf(initial), access: accessOf(initial) }));
  const [agentId, setAgentId] = useState(agent?.id ?? null);
  // A template is chosen when creating; the choice stays on show after the first save.
  const [isStartedNew] = useState(agent === null);
  const [templateId, setTemplateId] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<Busy>(null);
  const requireAll = useRef(false);
  const watched = Form.useWatch((all: WizardValues) => all, { form, preserve: true });
  const values: WizardValues = watched ? { ...initial, ...watched } : initial;
  const isDirty = snapshotOf(values) !== saved.snapshot;
  // A new agent takes the platform's only model at once; that alone is not an unsaved change.
  const models = useQuery(availableModelsQuery);
  const onlyModelId = models.data?.length === 1 ? models.data[0]?.id : undefined;
  const isModelUnset = !agent && values.model_id === null;
  useEffect(() => {
    if (!isModelUnset || onlyModelId === undefined) return;
    form.setFieldValue('model_id', onlyModelId);
    const untouched = snapshotOf(initial);
    setSaved((current) =>
      current.snapshot === untouched
        ? { ...current, snapshot: snapshotOf({ ...initial, model_id: onlyModelId }) }
        : current,
    );
  }, [isModelUnset, onlyModelId, form, initial]);
  const blocker = useUnsavedChangesGuard(isDirty);
  const canEdit = agent ? agent.abilities.edit : true;
  const canShare = agent ? agent.abilities.share : true;

  function chooseTemplate(template: AgentTemplate | null) {
    const apply = () => {
      setTemplateId(template?.id ?? '');
      form.setFieldsValue(valuesFromTemplate(template, form.getFieldsValue(true) as WizardValues));
    };
    if (!isDirty) return apply();
    modal.confirm({
      title: t('agents.template.replace_title'),
      content: t('agents.template.replace_body'),
      okText: t('agents.template.replace_confirm'),
      cancelText: t('common.cancel'),
      onOk: apply,
    });
  }

  /** Checks the form; publishing also checks the required fields. Answers the values, or null. */
  async function validated(isPublishing: boolean): Promise<WizardValues | null> {
    requireAll.current = isPublishing;
    try {
      await form.validateFields();
      return form.getFieldsValue(true) as WizardValues;
    } catch {
      showNotice({ key: 'error.form_incomplete' });
      form.scrollToField(form.getFieldsError().find((field) => field.errors.length)?.name ?? 'name', {
        behavior: 'smooth',
        block: 'center',
      });
      return null;
    }
  }

  /** Saves the draft (creating the agent the first time) and its access when either changed. */
  async function store(current: WizardValues): Promise<number> {
    let id = agentId;
    if (!id) {
      id = (await createAgent(configOf(current), templateId || undefined)).id;
      setAgentId(id);
    } else if (isDirty) {
      await updateAgent(id, configOf(current));
    }
    if (canShare && (accessOf(current) !== saved.access || !agentId)) {
      await setAgentAccess(id, current.access, current.embed_origins);
    }
    setSaved({ snapshot: snapshotOf(current), access: accessOf(current) });
    return id;
  }

  /** The server names each field it refused (publishing: each missing one, with its own code). */
  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError)) return;
    const fields = (error.data as { fields?: FieldError[] } | undefined)?.fields;
    if (!fields?.length) return;
    const messageOf = ({ code, message }: FieldError) => {
      const known = code === undefined ? undefined : errorByCode(code);
      return known ? t(`error.${known.key}`) : message;
    };
    form.setFields(
      fields.map((field) => ({ name: field.field.split('.'), errors: [messageOf(field)] })) as Parameters<
        typeof form.setFields
      >[0],
    );
  }

  /**
   * An agent without a picture shows the one drawn from its name (a template's, in the picker, the header
   * and the field): publishing uploads that picture rather than asking for one.
   */
  async function drawMissingAvatar() {
    const name = String(form.getFieldValue('name') ?? '').trim();
    if (form.getFieldValue('avatar') || !name) return;
    try {
      form.setFieldValue('avatar', await uploadGeneratedAvatar(name));
    } catch {
      // The avatar stays missing, and the form says so.
    }
  }

  async function run(kind: Exclude<Busy, null>) {
    const isPublishing = kind === 'publish';
    if (isPublishing) await drawMissingAvatar();
    const current = kind === 'unpublish' ? null : await validated(isPublishing);
    if (kind !== 'unpublish' && !current) return;
    setBusy(kind);
    const wasNew = !agentId;
    let id = agentId;
    try {
      if (current) id = await store(current);
      if (!id) return;
      if (isPublishing) await publishAgent(id);
      if (kind === 'unpublish') await unpublishAgent(id);
      showNotice({ key: `agents.editor.${kind}_done` }, 'success');
    } catch (error) {
      showServerFieldErrors(error);
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
      if (id && wasNew) onCreated(id);
      else if (id) await queryClient.invalidateQueries({ queryKey: agentKey(id) });
    }
  }

  return (
    <div className="agent-editor">
      <EditorHeader
        agent={agent}
        isCreated={agentId !== null}
        name={values.name}
        avatar={values.avatar}
        isDirty={isDirty}
        isSaving={busy === 'save'}
        isPublishing={busy === 'publish'}
        isUnpublishing={busy === 'unpublish'}
        canEdit={canEdit}
        onSave={() => void run('save')}
        onPublish={() => void run('publish')}
        onUnpublish={() => void run('unpublish')}
      />
      <div className="agent-editor__body">
        <Form<WizardValues>
          form={form}
          layout="vertical"
          className="agent-editor__form"
          initialValues={initial}
          disabled={!canEdit}
          requiredMark
          scrollToFirstError={false}
          onValuesChange={(changed: Partial<WizardValues>) => {
            const params = changed.params;
            if (!params) return;
            const current = form.getFieldValue('params') as WizardValues['params'];
            if (params.preset) form.setFieldValue('params', withPreset(current, params.preset));
            else if (presetAfterEdit(params, current.preset) !== current.preset) {
              form.setFieldValue(['params', 'preset'], 'custom');
            }
          }}
        >
          <EditorSections
            agent={agent}
            values={values}
            requireAll={requireAll}
            canChooseTemplate={isStartedNew}
            templateId={templateId}
            onChooseTemplate={chooseTemplate}
            canShare={canShare}
          />
        </Form>
        <DebugPanel agentId={agentId} config={configOf(values)} />
      </div>
      <LeaveConfirmation blocker={blocker} />
    </div>
  );
}
