import type { OperatorGameBody, OperatorVendorBody } from '@kismat/contracts/operator-catalogue';

/**
 * The switches an operator change sets on a merchant's game or vendor lane: only those it names.
 * Switching maintenance off forgets its planned end; switching it on without an end means
 * "until switched off".
 */
export function availabilityChange(change: OperatorGameBody | OperatorVendorBody) {
  const { isEnabled, isMaintenance, maintenanceEnd, sort } = change;
  return {
    ...(isEnabled === undefined ? {} : { isEnabled }),
    ...(isMaintenance === undefined ? {} : { isMaintenance }),
    ...(maintenanceEnd !== undefined
      ? { maintenanceEnd: maintenanceEnd === null ? null : new Date(maintenanceEnd) }
      : isMaintenance !== undefined
        ? { maintenanceEnd: null }
        : {}),
    ...(sort === undefined ? {} : { sort }),
  };
}
