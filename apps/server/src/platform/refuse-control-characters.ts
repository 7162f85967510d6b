import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type core, z } from 'zod';

/*
 * No text a person types contains C0 control characters other than tab, line feed and carriage
 * return. A NUL byte is worse than junk: Postgres cannot store it in text (SQLSTATE 22021), so a
 * nickname, address, reject note or game search carrying `\u0000` reached the database and
 * answered 500 (issue 11, finding 13); the others break logs, CSV exports and terminals. Every
 * route's params, query and body are refused with 422 VALIDATION_FAILED naming the field, after
 * the route's own schema accepted them (so a signed vendor call is still checked for its
 * signature first, and the vendor API answers RS_ERROR_WRONG_SYNTAX).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

const MESSAGE = 'Control characters are not allowed';

function addControlCharacterIssues(value: unknown, path: PropertyKey[], context: z.RefinementCtx, depth: number): void {
  if (typeof value === 'string') {
    if (CONTROL_CHARACTER.test(value)) context.addIssue({ code: 'custom', message: MESSAGE, path: [...path] });
    return;
  }
  if (depth > 16 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || value instanceof Date) return;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) addControlCharacterIssues(item, [...path, index], context, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTER.test(key)) context.addIssue({ code: 'custom', message: MESSAGE, path: [...path, key] });
    addControlCharacterIssues(item, [...path, key], context, depth + 1);
  }
}

const withoutControlCharacters = z.any().superRefine((value, context) => addControlCharacterIssues(value, [], context, 0));

/** The Zod validator of every route, then the control character check on what it accepted. */
export const validatorRefusingControlCharacters: FastifySchemaCompiler<core.$ZodType> = (route) =>
  validatorCompiler({ ...route, schema: z.pipe(route.schema, withoutControlCharacters) });
