// The quotas module's face: the plan catalogue (the operator's file, written at start); what a team's
// plan allows (points a month, storage, members) and who may manage it; the bytes the team stores,
// checked against its storage quota by every module that stores some; and its points balance and
// ledger, which chat and the AI writing spend, billing grants and the team and account screens show.
export { type CatalogueFile, readCatalogue, syncCatalogue } from './catalogue.ts';
export {
  allPlanPackages,
  type BillingAction,
  currentPlanName,
  currentPlanPackage,
  mayBilling,
  textsOf,
} from './plan-packages.ts';
export { endedUnsettledTeams, planLedgerRow, settleEndedPlan, teamQuotas } from './plan-quotas.ts';
export {
  debitPoints,
  type LedgerEntry,
  pointsBalance,
  preparePoints,
  refundPoints,
  setPointsBalance,
} from './points.ts';
export {
  assertStorageRoom,
  currentTeamOf,
  isStorageRefusal,
  reserveStorage,
  teamStorageUsed,
} from './storage-quota.ts';
