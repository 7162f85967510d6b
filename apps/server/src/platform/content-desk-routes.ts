import { contentDeletedResponse, contentItemParams, contentMerchantParams } from '@kismat/contracts/content-admin';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import { recordOperatorAudit } from './audit';
import type { Db, DbOrTx } from './db';
import { currentOperator, onScopedMerchant } from './operator-auth';
import type { RouteDeclarations } from './route';

/*
 * The back office's content desk (banners, announcements, help articles, customer-service
 * entries, ...): each kind is the same quartet of calls on /admin-api/content/:code/<kind>
 * and /<kind>/:id. Every role reads; a change needs the write guard, names only a merchant the
 * operator may act on (scopedMerchantByCode: a merchant-scoped operator cannot reach another
 * merchant's rows by editing the URL) and is audited with before and after in the change's own
 * transaction, so no change lands unaudited.
 */

/** What an operation calls inside its transaction to audit the change (the row before and after). */
export type ContentAudit = (tx: DbOrTx, entry: { before: unknown; after: unknown; id?: number }) => Promise<void>;

/** The audit of one change by the signed-in operator on `merchantId`'s `targetType` row. */
export function operatorAuditor(request: FastifyRequest, merchantId: number, targetType: string, action: string): ContentAudit {
  return (tx, entry) =>
    recordOperatorAudit(tx, request, currentOperator(request), {
      action,
      targetType,
      targetId: entry.id,
      merchantId,
      detail: { before: entry.before, after: entry.after },
    });
}

type Schema = z.ZodType;
// The same shapes as platform/route.ts reads a spec with, so the handlers below type-check against it.
type Parsed<S> = S extends Schema ? z.output<S> : unknown;
type ValueOf<R> = R extends Schema ? (z.input<R> extends { value: infer V } ? V : never) : unknown;

/** Where a change runs: the database and the app's clock (each change gets `now`; a kind that keeps no time ignores it). */
export interface ContentDesk {
  db: Db;
  now: () => Date;
}

/**
 * One content kind: its paths, guards, audit names and the module's four operations. A change
 * is the module's operation itself, called as `(db, input, audit)`.
 */
export interface ContentCrud<LR extends Schema, CB extends Schema, CR extends Schema, UB extends Schema, UR extends Schema> {
  /** The list path (GET, POST) and the one-row path with :id (PUT, DELETE). */
  paths: { list: string; item: string };
  guards: { read: onRequestHookHandler; write: onRequestHookHandler };
  /** The audit's target type and action stem: `${action}_created`, `_changed`, `_deleted`. */
  audit: { targetType: string; action: string };
  list: { summary: string; response: LR; read: (merchantId: number) => Promise<ValueOf<LR>> };
  create: {
    summary: string;
    body: CB;
    response: CR;
    write: (db: Db, input: { merchantId: number; body: Parsed<CB>; now: Date }, audit: ContentAudit) => Promise<ValueOf<CR>>;
  };
  update: {
    summary: string;
    body: UB;
    response: UR;
    write: (db: Db, input: { merchantId: number; id: number; body: Parsed<UB>; now: Date }, audit: ContentAudit) => Promise<ValueOf<UR>>;
  };
  remove: {
    summary: string;
    write: (db: Db, input: { merchantId: number; id: number; now: Date }, audit: ContentAudit) => Promise<unknown>;
  };
}

/** Declares a content kind's list, create, update and delete calls on `route` (defineRoutes), its changes run on `desk`. */
export function declareContentCrud<LR extends Schema, CB extends Schema, CR extends Schema, UB extends Schema, UR extends Schema>(
  route: RouteDeclarations,
  desk: ContentDesk,
  crud: ContentCrud<LR, CB, CR, UB, UR>,
): void {
  const { paths, guards, audit } = crud;
  const auditOf = (request: FastifyRequest, merchantId: number, verb: 'created' | 'changed' | 'deleted') =>
    operatorAuditor(request, merchantId, audit.targetType, `${audit.action}_${verb}`);

  route.get(
    paths.list,
    { summary: crud.list.summary, params: contentMerchantParams, response: crud.list.response, guard: guards.read },
    onScopedMerchant(async (merchant) => await crud.list.read(merchant.id)),
  );

  route.post(
    paths.list,
    {
      summary: crud.create.summary,
      params: contentMerchantParams,
      body: crud.create.body,
      response: crud.create.response,
      guard: guards.write,
    },
    onScopedMerchant(async (merchant, request) => {
      // Fastify's request type wraps a generic body in helpers TS cannot see through; the schema parsed it.
      const body = request.body as Parsed<CB>;
      return await crud.create.write(desk.db, { merchantId: merchant.id, body, now: desk.now() }, auditOf(request, merchant.id, 'created'));
    }),
  );

  route.put(
    paths.item,
    {
      summary: crud.update.summary,
      params: contentItemParams,
      body: crud.update.body,
      response: crud.update.response,
      guard: guards.write,
    },
    onScopedMerchant(async (merchant, request) => {
      return await crud.update.write(
        desk.db,
        { merchantId: merchant.id, id: request.params.id, body: request.body as Parsed<UB>, now: desk.now() },
        auditOf(request, merchant.id, 'changed'),
      );
    }),
  );

  route.delete(
    paths.item,
    { summary: crud.remove.summary, params: contentItemParams, response: contentDeletedResponse, guard: guards.write },
    onScopedMerchant(async (merchant, request) => {
      await crud.remove.write(
        desk.db,
        { merchantId: merchant.id, id: request.params.id, now: desk.now() },
        auditOf(request, merchant.id, 'deleted'),
      );
      return { deleted: true };
    }),
  );
}
