// Each domain keeps its tables in its own file; this list is what drizzle-kit and the app see.

export * from './accounts';
export * from './catalogue';
export * from './merchants';
export * from './platform';
export * from './system';
export * from './ledger';
export * from './cashier';
export * from './games';
export * from './agent';
export * from './house-games';
