import { type AggregatorClient, type AggregatorClientDeps, AggregatorError, type AggregatorProtocol, defaultClientDeps } from './client';
import { createEvolutionClient } from './evolution/client';
import { createHub88Client } from './hub88/client';

/*
 * The outgoing clients by protocol. An adapter adds its factory here (one line):
 * `evolution: createEvolutionClient` from './evolution/client'. A protocol without a client
 * answers NOT_CONFIGURED, so a contract row of it cannot be synced or launched.
 */
const factories: Partial<Record<AggregatorProtocol, (deps: AggregatorClientDeps) => AggregatorClient>> = {
  hub88: createHub88Client,
  evolution: createEvolutionClient,
};

export interface AggregatorRegistry {
  client(protocol: AggregatorProtocol): AggregatorClient;
}

/** One client per protocol, built with the same deps (tests hand in their fetch/secrets/timeout). */
export function createAggregatorRegistry(overrides: Partial<AggregatorClientDeps> = {}): AggregatorRegistry {
  const deps: AggregatorClientDeps = { ...defaultClientDeps(), ...overrides };
  const clients = new Map<AggregatorProtocol, AggregatorClient>();
  return {
    client(protocol) {
      let client = clients.get(protocol);
      if (!client) {
        const factory = factories[protocol];
        if (!factory) throw new AggregatorError('NOT_CONFIGURED', `no client for protocol ${protocol}`);
        client = factory(deps);
        clients.set(protocol, client);
      }
      return client;
    },
  };
}

let processRegistry: AggregatorRegistry | null = null;

/** The process's registry (env secrets, global fetch): launches and operator routes use it unless a test hands in its own. */
export function defaultAggregatorRegistry(): AggregatorRegistry {
  processRegistry ??= createAggregatorRegistry();
  return processRegistry;
}
