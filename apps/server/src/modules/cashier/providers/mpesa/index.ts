/* M-Pesa (Safaricom Daraja): the provider the registry lists, and the labelled FAKE Daraja the demo and tests mount. */
export { FAKE_DARAJA_PIN, FAKE_DARAJA_PREFIX, FakeDaraja, type FakeDarajaApp } from './fake-daraja';
export { mpesaProvider, useDarajaHttp } from './mpesa-provider';
