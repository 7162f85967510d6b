/*
 * The responsible-gambling module's face (docs/responsible-gambling.md): the one hook every money
 * path calls in its own transaction (chargeResponsibleGambling), the login check (admitLogin),
 * what marketing and agents may know (isExcluded, restricted flags), and the route plugins the
 * registry mounts. This module imports only platform and the member face; the money paths
 * (cashier, house-games, vendor-wallet), session and agent call it, never the other way round.
 */
export {
  chargeLockedState,
  chargeResponsibleGambling,
  isResponsibleGamblingRefusal,
  lockRgStateSql,
  MAX_PLAY_GAP_SECONDS,
  noRgStateSql,
  type RgCharge,
} from './charge-responsible-gambling';
export { chargeTransferIntoMember } from './charge-transfer';
export { countDrawWins } from './count-draw-wins';
export { admitLogin, isExcluded } from './manage-exclusion';
export { readOverview as readRgOverview } from './read-overview';
export { lockTrackedMembersSql, restrictedMemberIds } from './restricted-members';
