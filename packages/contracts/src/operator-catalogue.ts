import { z } from 'zod';
import { gameCategory } from './catalogue';
import { envelopeOf } from './envelope';
import { recordIdParam } from './ids';
import { pageFields } from './paging';

/**
 * Operator API for the game catalogue (under /admin-api, operator guard): per merchant, switch a
 * vendor (all its lanes, or one lane) or a game on and off and into maintenance, set a game's
 * hot and new flags and order; platform-wide, rotate a vendor's HMAC secret. Changes show on
 * the member site at once on the node that made them and within seconds on the others.
 */
export const OPERATOR_CATALOGUE_PATHS = {
  vendors: '/admin-api/catalogue/merchants/:code/vendors',
  vendor: '/admin-api/catalogue/merchants/:code/vendors/:vendor',
  games: '/admin-api/catalogue/merchants/:code/games',
  game: '/admin-api/catalogue/merchants/:code/games/:nodeId',
  vendorSecret: '/admin-api/catalogue/vendors/:vendor/secret',
} as const;

const merchantCode = z.string().min(1).max(40);
const vendorCode = z.string().min(1).max(32);
const maintenanceEnd = z.string().datetime({ offset: true }).nullable();

export const operatorCatalogueMerchantParams = z.object({ code: merchantCode });
export const operatorVendorParams = z.object({ code: merchantCode, vendor: vendorCode });
export const operatorGameParams = z.object({ code: merchantCode, nodeId: recordIdParam });
export const operatorVendorSecretParams = z.object({ vendor: vendorCode });

/** One lane (vendor x category) as the merchant offers it. */
export const operatorVendorLane = z.object({
  gameType: gameCategory,
  isEnabled: z.boolean(),
  isMaintenance: z.boolean(),
  maintenanceEnd: z.string().nullable(),
  /** The merchant's order; null keeps the catalogue's. */
  sort: z.number().int().nullable(),
});
export const operatorVendorValue = z.object({
  vassalage: z.string(),
  name: z.string(),
  /** The vendor everywhere: ACTIVE, MAINTENANCE or DISABLED. */
  status: z.string(),
  isHouse: z.boolean(),
  lanes: z.array(operatorVendorLane),
});
export type OperatorVendor = z.infer<typeof operatorVendorValue>;
export const operatorVendorsResponse = envelopeOf(z.object({ list: z.array(operatorVendorValue) }));
export const operatorVendorResponse = envelopeOf(operatorVendorValue);

/**
 * A vendor for one merchant; `gameType` limits the change to that lane. Enabling a lane the
 * merchant never had adds it. At least one field.
 */
export const operatorVendorBody = z
  .object({
    gameType: gameCategory.optional(),
    isEnabled: z.boolean().optional(),
    isMaintenance: z.boolean().optional(),
    maintenanceEnd: maintenanceEnd.optional(),
    sort: z.number().int().min(-1_000_000).max(1_000_000).nullable().optional(),
  })
  .refine((body) => Object.keys(body).some((key) => key !== 'gameType'), { message: 'nothing to change' });
export type OperatorVendorBody = z.infer<typeof operatorVendorBody>;

export const operatorGamesQuery = z.object({
  vassalage: vendorCode.optional(),
  gameType: gameCategory.optional(),
  /** Part of the game's name or code, any case. */
  search: z.string().trim().min(1).max(60).optional(),
  ...pageFields({ maxPageSize: 200, defaultPageSize: 50 }),
});

/** A game with the catalogue's values and the merchant's settings over them. */
export const operatorGameValue = z.object({
  nodeId: z.number().int(),
  gameCode: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  gameType: gameCategory,
  /** The game everywhere: ACTIVE, MAINTENANCE or DISABLED. */
  status: z.string(),
  isEnabled: z.boolean(),
  isMaintenance: z.boolean(),
  maintenanceEnd: z.string().nullable(),
  /** What members see (the merchant's override, else the catalogue's). */
  isHot: z.boolean(),
  isNew: z.boolean(),
  sort: z.number().int(),
  /** The merchant's overrides; null means the catalogue's value applies. */
  overrides: z.object({ isHot: z.boolean().nullable(), isNew: z.boolean().nullable(), sort: z.number().int().nullable() }),
});
export type OperatorGame = z.infer<typeof operatorGameValue>;
export const operatorGamesResponse = envelopeOf(
  z.object({ list: z.array(operatorGameValue), pageNo: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
);
export const operatorGameResponse = envelopeOf(operatorGameValue);

/** A game for one merchant. isHot, isNew and sort: null goes back to the catalogue's value. At least one field. */
export const operatorGameBody = z
  .object({
    isEnabled: z.boolean().optional(),
    isMaintenance: z.boolean().optional(),
    maintenanceEnd: maintenanceEnd.optional(),
    isHot: z.boolean().nullable().optional(),
    isNew: z.boolean().nullable().optional(),
    sort: z.number().int().min(-1_000_000).max(1_000_000).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'nothing to change' });
export type OperatorGameBody = z.infer<typeof operatorGameBody>;

/**
 * A fresh HMAC secret for the vendor, shown once: give it to the vendor. Calls signed with the
 * old secret are refused from the moment every node's vendor cache has expired (seconds).
 */
export const operatorVendorSecretResponse = envelopeOf(z.object({ vassalage: z.string(), secret: z.string(), rotatedAt: z.string() }));
