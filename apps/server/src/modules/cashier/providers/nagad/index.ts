/** Nagad's folder face: the provider the registry lists, the LOCAL FAKE and the test transport hook. */
export { FakeNagad, generateRsaKeyPair } from './fake-nagad';
export { nagadProvider, useNagadTransport } from './nagad-provider';
