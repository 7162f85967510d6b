import type { RealtimeEnvelope, RealtimeHub } from '../../platform/realtime/realtime-hub';

/**
 * A hub that queues what an operation publishes instead of sending it. Operations that own a
 * transaction (approveDeposit...) run inside the route's outer transaction so the audit row
 * commits with them; their pushes must wait for that commit, or a member could be told about
 * money a rollback then takes back.
 */
export function deferRealtime(hub: RealtimeHub): { hub: RealtimeHub; flush: () => Promise<void> } {
  const queued: RealtimeEnvelope[] = [];
  const deferred = Object.create(hub) as RealtimeHub;
  deferred.publish = async (envelope: RealtimeEnvelope) => {
    queued.push(envelope);
  };
  return {
    hub: deferred,
    async flush() {
      for (const envelope of queued.splice(0)) await hub.publish(envelope);
    },
  };
}
