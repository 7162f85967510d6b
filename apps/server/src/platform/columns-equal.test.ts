import { and, eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { memberNotifications } from '../db/schema/inbox';
import { columnsEqual } from './columns-equal';

const dialect = new PgDialect();

describe('columnsEqual', () => {
  it('is the and() of one eq() per named column, in the order named', () => {
    const given = columnsEqual(memberNotifications, { memberId: 7, kind: 'DEPOSIT_APPROVED', referenceId: 42 });
    const spelled = and(
      eq(memberNotifications.memberId, 7),
      eq(memberNotifications.kind, 'DEPOSIT_APPROVED'),
      eq(memberNotifications.referenceId, 42),
    );
    expect(spelled).toBeDefined();
    expect(dialect.sqlToQuery(given)).toEqual(dialect.sqlToQuery(spelled as NonNullable<typeof spelled>));
    expect(dialect.sqlToQuery(given).params).toEqual([7, 'DEPOSIT_APPROVED', 42]);
  });

  it('refuses a value left undefined and an empty filter', () => {
    expect(() => columnsEqual(memberNotifications, { memberId: 7, kind: undefined })).toThrow(/kind/);
    expect(() => columnsEqual(memberNotifications, {})).toThrow(/no columns/);
  });
});
