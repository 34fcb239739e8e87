// The quotas module's face: what a team's plan allows (points a month, storage, members) and its points
// balance and ledger, which chat and the AI writing spend, billing grants and the team screens show.
export {
  endedUnsettledTeams,
  monthlyPointsSql,
  planLedgerRow,
  settleEndedPlan,
  type TeamQuotas,
  teamQuotas,
} from './plan-quotas.ts';
export {
  debitPoints,
  type LedgerEntry,
  pointsBalance,
  preparePoints,
  refundPoints,
  renewMonthlyPoints,
  setPointsBalance,
} from './points.ts';
