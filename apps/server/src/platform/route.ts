import type { RateLimitOptions } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProvider,
  HTTPMethods,
  onRequestHookHandler,
  preValidationHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifyBaseLogger } from 'fastify/types/logger';
import type { z } from 'zod';
import { ok } from './envelope';
import { errors as anyError, bearerSecurity } from './route-docs';

/*
 * CONVENTIONS: one way to declare an HTTP call (docs/ARCHITECTURE.md "Routes").
 *
 * A route file builds one `defineRoutes(app, { tags })` per resource and declares each call as
 * `route.get(PATH, { summary, querystring | params | body, response }, handler)`:
 * - the handler returns the envelope's `value`; the builder wraps it in the success envelope
 *   (`ok`) in the request's language. A handler that answers anything else (an image, a
 *   redirect) is not a route of this builder: declare it on the app as before.
 * - `response` is the contract's 200 envelope schema; every 4xx/5xx is documented as the error
 *   envelope unless `errors` says otherwise; the bearer security is documented unless
 *   `security: false` (public calls).
 * - guards: a file-wide preValidation hook (`requireRealMember`, a feature flag) stays on the
 *   plugin; a per-call guard goes in `guard` (onRequest, e.g. `operatorGuard('money')`).
 * - `rateLimit` bounds the call (see `perSessionLimit`), `encrypted` marks a body that arrives
 *   under payload encryption. Schema parsing, the request context and the merchant come from the
 *   app's hooks, as for every route.
 * A route file holds no SQL: the handler calls the module's operations and reads.
 */

type Schema = z.ZodType;
type Parsed<S> = S extends Schema ? z.output<S> : unknown;
/** What the handler returns: the `value` of the 200 envelope the route documents. */
type ValueOf<R> = R extends Schema ? (z.input<R> extends { value: infer V } ? V : never) : unknown;

export type RouteRequest<Q = undefined, B = undefined, P = undefined> = FastifyRequest<{
  Querystring: Parsed<Q>;
  Body: Parsed<B>;
  Params: Parsed<P>;
}>;

export interface RouteSpec<Q, B, P, R> {
  summary: string;
  description?: string;
  querystring?: Q;
  body?: B;
  params?: P;
  /** The 200 envelope schema of the contract. */
  response?: R;
  /** The documented error answers; default: the error envelope for every 4xx and 5xx. */
  errors?: Record<string, Schema>;
  /** false for a public call (no bearer security documented). */
  security?: false;
  /** Per-call onRequest guard, e.g. `operatorGuard('read')`. */
  guard?: onRequestHookHandler;
  /** Per-call preValidation check, e.g. `requireMember` where the file's others are public. */
  preValidation?: preValidationHookHandler;
  rateLimit?: RateLimitOptions | false;
  encrypted?: boolean;
  /** Left out of the public API document. */
  hide?: boolean;
  /** Tags other than the file's. */
  tags?: string[];
}

export type RouteHandler<Q, B, P, R> = (request: RouteRequest<Q, B, P>, reply: FastifyReply) => Promise<ValueOf<R>> | ValueOf<R>;

type Declare = <
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R extends Schema | undefined = undefined,
>(
  url: string,
  spec: RouteSpec<Q, B, P, R>,
  handler: RouteHandler<Q, B, P, R>,
) => void;

export interface RouteDeclarations {
  get: Declare;
  post: Declare;
  put: Declare;
  patch: Declare;
  delete: Declare;
}

/** An app or plugin instance, with or without the zod type provider (the same instance at run time). */
type AnyInstance<T extends FastifyTypeProvider> = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  T
>;

/** The route declarations of one resource on `app` (a plugin: its hooks apply to them). */
export function defineRoutes<T extends FastifyTypeProvider>(
  instance: AnyInstance<T>,
  defaults: { tags: string[] } & Pick<RouteSpec<unknown, unknown, unknown, unknown>, 'guard' | 'preValidation' | 'security' | 'errors'>,
): RouteDeclarations {
  // Typed request and answer come from the spec's schemas (RouteRequest, ValueOf), not from the provider.
  const app = instance as unknown as FastifyInstance;
  const declare =
    (method: HTTPMethods): Declare =>
    (url, spec, handler) => {
      const { summary, description, querystring, body, params, response, hide } = spec;
      const { guard, preValidation, security, errors } = { ...defaults, ...spec };
      const config = {
        ...(spec.encrypted ? { encrypted: true } : {}),
        ...(spec.rateLimit !== undefined ? { rateLimit: spec.rateLimit } : {}),
      };
      const schema: FastifySchema & { tags: string[]; summary: string } = {
        tags: spec.tags ?? defaults.tags,
        summary,
        ...(description ? { description } : {}),
        ...(hide ? { hide } : {}),
        ...(security === false ? {} : { security: bearerSecurity }),
        ...(querystring ? { querystring } : {}),
        ...(body ? { body } : {}),
        ...(params ? { params } : {}),
        response: { ...(response ? { 200: response } : {}), ...(errors ?? anyError) },
      };
      app.route({
        method,
        url,
        ...(guard ? { onRequest: guard } : {}),
        ...(preValidation ? { preValidation } : {}),
        ...(Object.keys(config).length > 0 ? { config } : {}),
        schema,
        handler: async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> =>
          ok(request, await handler(request as never, reply)),
      });
    };
  return { get: declare('GET'), post: declare('POST'), put: declare('PUT'), patch: declare('PATCH'), delete: declare('DELETE') };
}

/**
 * A per-minute bound keyed by the member's session (the bearer token), so players behind one
 * carrier NAT do not share a budget: for calls that check a payment password or move money.
 */
export function perSessionLimit(max: number): RateLimitOptions {
  return { max, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? request.ip };
}
