import { useTranslation } from 'react-i18next';
import { AgentMembers } from '../components/agent-members.tsx';
import { WorkspacePage } from '../components/workspace-agent.tsx';
import '../components/wizard/agent-editor.css';

/** /agent/index/member-setting: who may administer, edit or use the agent. */
export function AgentMemberPage() {
  const { t } = useTranslation();
  return (
    <WorkspacePage title={t('agents.workspace.members_title')} lead={t('agents.workspace.members_lead')}>
      {(agent) => (
        <section className="editor-section">
          <AgentMembers agent={agent} />
        </section>
      )}
    </WorkspacePage>
  );
}
