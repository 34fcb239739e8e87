import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HandOverDialog } from '../../../shared/ui/hand-over-dialog.tsx';
import { showNotice } from '../../../shared/ui/notices.ts';
import { AGENTS_KEY, type AgentDetail } from '../api/agents.ts';
import { type AgentCandidate, transferAgent } from '../api/members.ts';
import { CandidateSelect } from './candidate-select.tsx';

/**
 * Hands the agent to another member of its team: pick them, confirm, and they own it; the owner until
 * now stays on as an admin. Open to the agent's owner and the team's owner and admins.
 */
export function TransferAgentDialog({
  agent,
  agentName,
  open,
  onClose,
}: {
  agent: AgentDetail;
  agentName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <HandOverDialog<AgentCandidate>
      open={open}
      onClose={onClose}
      title={t('agents.members.transfer_title')}
      lead={t('agents.members.transfer_lead', { owner: agent.owner.name })}
      pickerLabel={t('agents.members.transfer_new_owner')}
      pickerId="agent-transfer-new-owner"
      renderPicker={(chosen, choose) => (
        <CandidateSelect
          id="agent-transfer-new-owner"
          agentId={agent.id}
          chosen={chosen ? [chosen] : []}
          onChange={([next]) => choose(next ?? null)}
          isDisabled={(candidate) => candidate.is_owner}
          ariaLabel={t('agents.members.transfer_new_owner')}
          placeholder={t('agents.members.transfer_pick')}
        />
      )}
      nextText={t('agents.members.transfer')}
      confirmationOf={(chosen) => ({
        title: t('agents.members.transfer_confirm_title', { agent: agentName, name: chosen.name }),
        content: t('agents.members.transfer_confirm_body'),
        okText: t('agents.members.transfer'),
      })}
      onHandOver={async (chosen) => {
        await transferAgent(agent.id, chosen.user_id);
        showNotice({ key: 'agents.members.transferred', values: { name: chosen.name } }, 'success');
        // Its owner, members, abilities and the hub's "mine" all changed.
        await queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
      }}
    />
  );
}
