import { SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../shared/ui/notices.ts';
import { AGENTS_KEY, type AgentDetail, setAgentAccess } from '../api/agents.ts';
import { SharePanel } from '../components/share-panel.tsx';
import { AccessFields } from '../components/wizard/access-fields.tsx';
import { WorkspacePage } from '../components/workspace-agent.tsx';
import { usePendingAction } from '../hooks/use-pending-action.ts';
import type { WizardValues } from '../model/wizard-values.ts';
import '../components/wizard/agent-editor.css';

type AccessValues = Pick<WizardValues, 'access' | 'embed_origins'>;

function AgentLink({ agent }: { agent: AgentDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AccessValues>();
  const save = usePendingAction(async (values: AccessValues) => {
    await setAgentAccess(agent.id, values.access, values.embed_origins);
    showNotice({ key: 'agents.access.saved' }, 'success');
    await queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
  });
  return (
    <>
      <section className="editor-section">
        <SharePanel
          agentKey={agent.agent_key}
          agentName={agent.draft.name}
          status={agent.status}
          access={agent.access}
        />
      </section>
      <section className="editor-section">
        <h2 className="editor-section__title">{t('agents.sections.access')}</h2>
        <Form<AccessValues>
          form={form}
          layout="vertical"
          initialValues={{ access: agent.access, embed_origins: agent.embed_origins }}
          disabled={!agent.abilities.share}
          onFinish={(values) => void save.run(values)}
        >
          <AccessFields disabled={!agent.abilities.share} />
          {agent.abilities.share && (
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
              {t('agents.access.save')}
            </Button>
          )}
        </Form>
      </section>
    </>
  );
}

/** /agent/index/link: the agent's page link, QR code and embed code, and who may reach it. */
export function AgentLinkPage() {
  const { t } = useTranslation();
  return (
    <WorkspacePage title={t('agents.workspace.link_title')} lead={t('agents.workspace.link_lead')}>
      {(agent) => <AgentLink key={agent.id} agent={agent} />}
    </WorkspacePage>
  );
}
