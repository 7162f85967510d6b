import type { Language } from '@kismat/contracts/languages';
import type { Config } from '../config';
import type { Database, Db } from './db';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The clock every business rule reads, so tests can move time. */
    now: () => Date;
    isClosing: boolean;
  }
  interface FastifyRequest {
    language: Language;
  }
  interface FastifyContextConfig {
    /** The route answers a request that arrives during shutdown itself, in its own shape (the vendor API). */
    answersShutdown?: boolean;
  }
}
