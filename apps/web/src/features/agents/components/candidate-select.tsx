import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CandidateSelect as TeamCandidateSelect } from '../../../shared/ui/candidate-select.tsx';
import { type AgentCandidate, agentCandidatesQuery } from '../api/members.ts';

/** Where the person already stands with the agent, as a tag beside their name. */
function StandingTag({ candidate }: { candidate: AgentCandidate }) {
  const { t } = useTranslation();
  if (candidate.is_owner) return <Tag color="gold">{t('agents.members.owner')}</Tag>;
  if (!candidate.permission) return null;
  const permission = t(`agents.members.permission_${candidate.permission}`);
  return <Tag>{t('agents.members.already_member', { permission })}</Tag>;
}

/** Picks members of the agent's team (see the shared CandidateSelect). */
export function CandidateSelect({
  agentId,
  ...props
}: {
  agentId: number;
  multiple?: boolean;
  chosen: AgentCandidate[];
  onChange: (chosen: AgentCandidate[]) => void;
  isDisabled?: (candidate: AgentCandidate) => boolean;
  id?: string;
  ariaLabel: string;
  placeholder: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <TeamCandidateSelect
      {...props}
      candidates={(keyword) => agentCandidatesQuery(agentId, keyword)}
      standing={(candidate) => <StandingTag candidate={candidate} />}
      notFoundText={t('agents.members.none_found')}
    />
  );
}
