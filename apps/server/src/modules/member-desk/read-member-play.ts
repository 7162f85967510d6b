import type { Language } from '@kismat/contracts/languages';
import type { MemberPromotionsValue, MemberRoundsValue } from '@kismat/contracts/member-desk';
import type { FastifyRequest } from 'fastify';
import type { MemberRow } from '../../platform/auth';
import { findMemberWithMerchant } from '../member/index';
import { listMemberPromotions } from '../promotions/index';
import { listBettingRecords } from '../vendor-wallet/index';

const ROUNDS_DAYS = 90;
const PAGE_SIZE = 50;

/** The member's rounds on every game path (the betting record's own read), newest first, over the last 90 days. */
export async function readMemberRounds(request: FastifyRequest, member: MemberRow, pageNo: number): Promise<MemberRoundsValue> {
  const now = request.server.now();
  const page = await listBettingRecords(request.server.db, {
    merchantId: member.merchantId,
    memberId: member.id,
    from: new Date(now.getTime() - ROUNDS_DAYS * 86_400_000),
    to: new Date(now.getTime() + 60_000),
    language: 'EN' as Language,
    pageNo,
    pageSize: PAGE_SIZE,
  });
  return { items: page.list, total: page.total, totals: page.totals };
}

/** Live promotions the member was awarded or is taking part in, with the turnover each award still asks for (the promotions module's own view). */
export async function readMemberPromotions(request: FastifyRequest, member: MemberRow): Promise<MemberPromotionsValue> {
  const { db } = request.server;
  const found = await findMemberWithMerchant(db, { memberId: member.id });
  const list = await listMemberPromotions(db, {
    merchantId: member.merchantId,
    utcOffsetMinutes: found?.merchant.utcOffsetMinutes ?? 0,
    member,
    language: 'EN' as Language,
    now: request.server.now(),
  });
  return {
    items: list
      .filter((promotion) => promotion.me && (promotion.me.award !== null || !['Join', 'Close'].includes(promotion.me.status)))
      .map((promotion) => ({
        id: promotion.id,
        title: promotion.title,
        kind: promotion.kind,
        status: promotion.me?.status ?? '',
        award: promotion.me?.award
          ? { amount: String(promotion.me.award.amount), status: promotion.me.award.status, createdAt: promotion.me.award.createdAt }
          : null,
        turnover: promotion.me?.progress
          ? {
              required: String(promotion.me.progress.required),
              done: String(promotion.me.progress.done),
              left: String(promotion.me.progress.left),
              status: promotion.me.progress.status,
            }
          : null,
      })),
  };
}
