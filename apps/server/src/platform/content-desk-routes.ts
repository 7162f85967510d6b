import { contentDeletedResponse, contentItemParams, contentMerchantParams } from '@kismat/contracts/content-admin';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import { recordOperatorAudit } from './audit';
import type { DbOrTx } from './db';
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

/** One content kind: its paths, guards, audit names and the module's four operations. */
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
    write: (input: { merchantId: number; body: Parsed<CB> }, audit: ContentAudit) => Promise<ValueOf<CR>>;
  };
  update: {
    summary: string;
    body: UB;
    response: UR;
    write: (input: { merchantId: number; id: number; body: Parsed<UB> }, audit: ContentAudit) => Promise<ValueOf<UR>>;
  };
  remove: { summary: string; write: (input: { merchantId: number; id: number }, audit: ContentAudit) => Promise<unknown> };
}

/** Declares a content kind's list, create, update and delete calls on `route` (defineRoutes). */
export function declareContentCrud<LR extends Schema, CB extends Schema, CR extends Schema, UB extends Schema, UR extends Schema>(
  route: RouteDeclarations,
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
      return await crud.create.write({ merchantId: merchant.id, body }, auditOf(request, merchant.id, 'created'));
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
        { merchantId: merchant.id, id: request.params.id, body: request.body as Parsed<UB> },
        auditOf(request, merchant.id, 'changed'),
      );
    }),
  );

  route.delete(
    paths.item,
    { summary: crud.remove.summary, params: contentItemParams, response: contentDeletedResponse, guard: guards.write },
    onScopedMerchant(async (merchant, request) => {
      await crud.remove.write({ merchantId: merchant.id, id: request.params.id }, auditOf(request, merchant.id, 'deleted'));
      return { deleted: true };
    }),
  );
}
