/*
 * The catalogue module's public face: the operations and reads other modules may use. Files
 * outside modules/catalogue/ import only this file (modules/boundaries.test.ts checks it).
 */
export { announcementImageUrl, bannerImageUrl, gameIconUrl, localiseArtUrl, vendorLogoUrl } from './art-urls';
export { announceCatalogueChange, clearCatalogueCaches, trackCatalogueCache } from './catalogue-caches';
export { type BiggestWin, type CataloguePorts, registerCataloguePorts } from './catalogue-ports';
export type { ArtSubject } from './find-art-subject';
export { findLaunchGame } from './find-launch-game';
export { findVendorByCode } from './find-vendor-by-code';
export { findVendorEntryGame, type VendorEntryInput } from './find-vendor-entry-game';
export {
  effectiveGameSort,
  isGameInMaintenance,
  laneJoin,
  maintenanceEndOf,
  merchantGameJoin,
  merchantLaneJoin,
  offeredBy,
  vendorJoin,
} from './game-items';
export { gameByCodeRelation, gameFieldsSql, gameKindsRelation } from './game-sql';
export { listHotGames } from './list-hot-games';
export { listMerchantGames } from './list-merchant-games';
export { listMerchantVendors } from './list-merchant-vendors';
export { listThirdPartyVendorIds } from './list-third-party-vendor-ids';
export { forgetRecentPlays } from './member-read-caches';
export { recordRecentPlay } from './record-recent-play';
export { seedCatalogue } from './seed-catalogue';
export { setMerchantGame } from './set-merchant-game';
export { setMerchantVendor } from './set-merchant-vendor';
export { hashText } from './stable-hash';
export { thirdPartyGamesRelation } from './third-party-games-relation';
export { type StudioGame, type StudioSyncCounts, upsertStudioGames } from './upsert-studio-games';
export { vendorFieldsSql, vendorIdByCodeSql } from './vendor-sql';
