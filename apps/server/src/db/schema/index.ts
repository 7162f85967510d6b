// Each domain keeps its tables in its own file; this list is what drizzle-kit and the app see.

export * from './accounts';
export * from './agent';
export * from './aggregators';
export * from './cashier';
export * from './catalogue';
export * from './crash';
export * from './facts';
export * from './feedback';
export * from './games';
export * from './house-games';
export * from './inbox';
export * from './ledger';
export * from './live-chat';
export * from './member-desk';
export * from './merchants';
export * from './missions';
export * from './operators';
export * from './originals';
export * from './platform';
export * from './points';
export * from './promotion-campaigns';
export * from './promotions';
export * from './rebates';
export * from './responsible-gambling';
export * from './system';
export * from './vip';
