import type { GameCategory } from '@kismat/contracts/constants';
import type { LocalizedText } from '../../db/schema/system';
import { hashText } from './stable-hash';

export type VendorSeed = { code: string; name: string; categories: GameCategory[]; isHouse?: boolean };

/**
 * Every vendor the spec names (section 3, "Vendor lists"), the lottery vendors and the
 * in-house vendor KISMAT. A vendor appears in each category it offers games in.
 */
export const VENDORS: VendorSeed[] = [
  { code: 'KISMAT', name: 'Kismat Originals', categories: ['BGS', 'PVP', 'LOTT', 'ELOTT'], isHouse: true },
  { code: 'AG', name: 'Asia Gaming', categories: ['LIVE', 'FISH', 'RNG'] },
  { code: 'BBIN', name: 'BBIN', categories: ['LIVE', 'RNG', 'FISH'] },
  { code: 'CQ9', name: 'CQ9 Gaming', categories: ['RNG', 'FISH'] },
  { code: 'GG', name: 'GG Gaming', categories: ['FISH', 'RNG'] },
  { code: 'PT', name: 'Playtech', categories: ['RNG', 'LIVE'] },
  { code: 'RTG', name: 'Real Time Gaming', categories: ['RNG'] },
  { code: 'BG', name: 'Big Gaming', categories: ['LIVE', 'FISH'] },
  { code: 'DG', name: 'Dream Gaming', categories: ['LIVE'] },
  { code: 'EA', name: 'EA Gaming', categories: ['LIVE'] },
  { code: 'LOTUS', name: 'Lotus Gaming', categories: ['LIVE'] },
  { code: 'OG', name: 'Oriental Gaming', categories: ['LIVE'] },
  { code: 'TGP', name: 'TGP Live', categories: ['LIVE'] },
  { code: 'KX', name: 'KX Card Games', categories: ['PVP'] },
  { code: 'KY', name: 'Kaiyuan Gaming', categories: ['PVP'] },
  { code: 'TH', name: 'TH Card Games', categories: ['PVP'] },
  { code: 'WS', name: 'WS Gaming', categories: ['PVP'] },
  { code: 'XY', name: 'XY Live', categories: ['LIVE'] },
  { code: 'AE', name: 'AE Sexy', categories: ['LIVE', 'RNG'] },
  { code: 'ISB', name: 'iSoftBet', categories: ['RNG'] },
  { code: 'MG', name: 'Microgaming', categories: ['RNG', 'LIVE'] },
  { code: 'MGS', name: 'MG Slots', categories: ['RNG'] },
  { code: 'PNG', name: "Play'n GO", categories: ['RNG'] },
  { code: 'TTG', name: 'TopTrend Gaming', categories: ['RNG'] },
  { code: 'WD', name: 'WD Gaming', categories: ['FISH', 'RNG'] },
  { code: 'IBC', name: 'IBC Sports', categories: ['SPORTS'] },
  { code: 'SBT', name: 'SBT Sports', categories: ['SPORTS'] },
  { code: 'UG', name: 'UG Sports', categories: ['SPORTS'] },
  { code: 'AV', name: 'AV Esports', categories: ['ESPORTS'] },
  { code: 'IMES', name: 'IM Esports', categories: ['ESPORTS'] },
  { code: 'IA', name: 'IA Esports', categories: ['ESPORTS'] },
  { code: 'AI', name: 'AI Esports', categories: ['ESPORTS'] },
  { code: 'TF', name: 'TF Gaming', categories: ['ESPORTS'] },
  { code: 'SV3', name: 'SV388', categories: ['COCKFIGHT'] },
  { code: 'DS88', name: 'DS88 Sabong', categories: ['COCKFIGHT'] },
  { code: 'DIG', name: 'Digmaan', categories: ['COCKFIGHT'] },
  { code: 'WGB', name: 'WGB Cockfight', categories: ['COCKFIGHT'] },
  { code: 'WS168', name: 'WS168', categories: ['COCKFIGHT'] },
  { code: 'TCG', name: 'TCG Lottery', categories: ['LOTT'] },
  { code: 'VR', name: 'VR Lottery', categories: ['ELOTT'] },
];

/**
 * Game-centre categories launch the vendor lobby at once (GAME); game-list categories open the
 * vendor's list of games (VASSALAGE). Spec section 2: /sports, /esports, /lott, /elott,
 * /cockfight are game centres; /live, /fish, /rng, /pvp, /bgs are game lists.
 */
export const LAUNCH_MODE: Record<GameCategory, 'GAME' | 'VASSALAGE'> = {
  RNG: 'VASSALAGE',
  LIVE: 'VASSALAGE',
  FISH: 'VASSALAGE',
  PVP: 'VASSALAGE',
  BGS: 'VASSALAGE',
  SPORTS: 'GAME',
  ESPORTS: 'GAME',
  COCKFIGHT: 'GAME',
  LOTT: 'GAME',
  ELOTT: 'GAME',
};

type NamedGame = { name: string; displayNames?: LocalizedText };

const SLOT_FIRST = [
  'Golden',
  'Lucky',
  'Mega',
  'Royal',
  'Wild',
  'Mystic',
  'Dragon',
  'Jungle',
  'Diamond',
  'Lotus',
  'Tiger',
  'Phoenix',
  'Pharaoh',
  'Neon',
  'Candy',
  'Samurai',
  'Bengal',
  'Monsoon',
  'Sapphire',
  'Ruby',
  'Emerald',
  'Thunder',
  'Cosmic',
  'Lantern',
  'Viking',
  'Safari',
  'Ocean',
  'Sultan',
  'Fire',
  'Jade',
];
const SLOT_SECOND = [
  'Fortune',
  'Riches',
  'Spins',
  'Gems',
  'Empire',
  'Reels',
  'Jackpot',
  'Legend',
  'Quest',
  'Kingdom',
  'Party',
  'Rush',
  'Wilds',
  'Vault',
  'Festival',
  'Nights',
  'Temple',
  'Blaze',
  'Bonanza',
  'Express',
];

const FISH_NAMES = [
  'Fishing King',
  'Ocean Lord',
  'Fish Hunter',
  'Golden Toad',
  'Dragon Fishing',
  'Mermaid Treasure',
  'Shark Hunter',
  'Deep Sea Party',
  'Lucky Fishing',
  'Crab King',
  'Monster Awaken',
  'Jackpot Fishing',
  'Star Hunter',
  'Dinosaur Tycoon',
  'Bombing Fishing',
  'Fishing War',
];

const LIVE_TABLES: NamedGame[] = [
  { name: 'Baccarat', displayNames: { BN: 'বাকারা', SW: 'Baccarat' } },
  { name: 'Speed Baccarat', displayNames: { BN: 'স্পিড বাকারা', SW: 'Baccarat ya Kasi' } },
  { name: 'Dragon Tiger', displayNames: { BN: 'ড্রাগন টাইগার', SW: 'Joka na Chui' } },
  { name: 'Roulette', displayNames: { BN: 'রুলেট', SW: 'Roulette' } },
  { name: 'Sic Bo', displayNames: { BN: 'সিক বো', SW: 'Sic Bo' } },
  { name: 'Blackjack', displayNames: { BN: 'ব্ল্যাকজ্যাক', SW: 'Blackjack' } },
  { name: 'Teen Patti', displayNames: { BN: 'তিন পাত্তি', SW: 'Teen Patti' } },
  { name: 'Andar Bahar', displayNames: { BN: 'আন্দার বাহার', SW: 'Andar Bahar' } },
];

const PVP_NAMES: NamedGame[] = [
  { name: 'Teen Patti', displayNames: { BN: 'তিন পাত্তি' } },
  { name: 'Andar Bahar', displayNames: { BN: 'আন্দার বাহার' } },
  { name: 'Rummy', displayNames: { BN: 'রামি' } },
  { name: "Texas Hold'em", displayNames: { BN: 'টেক্সাস হোল্ডেম' } },
  { name: 'Niu Niu' },
  { name: 'Fight the Landlord' },
  { name: 'Mahjong' },
  { name: 'Ludo', displayNames: { BN: 'লুডু' } },
  { name: 'Jhandi Munda', displayNames: { BN: 'ঝান্ডি মুন্ডা' } },
  { name: 'Call Break', displayNames: { BN: 'কল ব্রেক' } },
  { name: 'Twenty-Nine', displayNames: { BN: 'টোয়েন্টি নাইন' } },
  { name: 'Poker Patti' },
  { name: 'Golden Flower' },
  { name: 'Pai Gow' },
  { name: 'Red Dog' },
  { name: 'Three Face' },
  { name: 'Carrom', displayNames: { BN: 'ক্যারম' } },
  { name: 'Dragon Tiger', displayNames: { BN: 'ড্রাগন টাইগার' } },
  { name: 'Baccarat', displayNames: { BN: 'বাকারা' } },
  { name: 'Blackjack', displayNames: { BN: 'ব্ল্যাকজ্যাক' } },
];

const SPORTS_NAMES: NamedGame[] = [
  { name: 'Sportsbook', displayNames: { BN: 'স্পোর্টসবুক', SW: 'Michezo ya Kubashiri' } },
  { name: 'Cricket', displayNames: { BN: 'ক্রিকেট', SW: 'Kriketi' } },
  { name: 'Football', displayNames: { BN: 'ফুটবল', SW: 'Kandanda' } },
  { name: 'Kabaddi', displayNames: { BN: 'কাবাডি', SW: 'Kabaddi' } },
  { name: 'Basketball', displayNames: { BN: 'বাস্কেটবল', SW: 'Mpira wa Kikapu' } },
  { name: 'Tennis', displayNames: { BN: 'টেনিস', SW: 'Tenisi' } },
  { name: 'Badminton', displayNames: { BN: 'ব্যাডমিন্টন', SW: 'Badminton' } },
  { name: 'Table Tennis', displayNames: { BN: 'টেবিল টেনিস', SW: 'Tenisi ya Meza' } },
  { name: 'Volleyball', displayNames: { BN: 'ভলিবল', SW: 'Mpira wa Wavu' } },
  { name: 'Horse Racing', displayNames: { BN: 'ঘোড়দৌড়', SW: 'Mbio za Farasi' } },
  { name: 'Virtual Sports', displayNames: { BN: 'ভার্চুয়াল স্পোর্টস', SW: 'Michezo ya Mtandaoni' } },
  { name: 'In-Play', displayNames: { BN: 'লাইভ বাজি', SW: 'Moja kwa Moja' } },
];

const ESPORTS_NAMES: NamedGame[] = [
  { name: 'Esports Lobby', displayNames: { BN: 'ই-স্পোর্টস লবি', SW: 'Ukumbi wa Esports' } },
  { name: 'Dota 2' },
  { name: 'Counter-Strike 2' },
  { name: 'League of Legends' },
  { name: 'Valorant' },
  { name: 'Mobile Legends' },
  { name: 'PUBG Mobile' },
  { name: 'Free Fire' },
  { name: 'King of Glory' },
  { name: 'Rainbow Six Siege' },
  { name: 'StarCraft II' },
  { name: 'EA Sports FC' },
];

const COCKFIGHT_NAMES: NamedGame[] = [
  { name: 'Main Arena', displayNames: { BN: 'প্রধান অ্যারেনা', SW: 'Uwanja Mkuu' } },
  { name: 'Arena 2', displayNames: { BN: 'অ্যারেনা 2', SW: 'Uwanja 2' } },
  { name: 'Arena 3', displayNames: { BN: 'অ্যারেনা 3', SW: 'Uwanja 3' } },
  { name: 'Derby Night', displayNames: { BN: 'ডার্বি নাইট', SW: 'Usiku wa Derby' } },
  { name: 'Champions Cup', displayNames: { BN: 'চ্যাম্পিয়নস কাপ', SW: 'Kombe la Mabingwa' } },
  { name: 'Sabong Live', displayNames: { BN: 'সাবং লাইভ', SW: 'Sabong Moja kwa Moja' } },
  { name: 'Hack Fight', displayNames: { BN: 'হ্যাক ফাইট', SW: 'Pambano la Hack' } },
  { name: 'Slasher Pit', displayNames: { BN: 'স্ল্যাশার পিট', SW: 'Shimo la Slasher' } },
];

const LOTTERY_NAMES: NamedGame[] = [
  { name: 'Dhaka 1 Minute', displayNames: { BN: 'ঢাকা 1 মিনিট', SW: 'Dhaka Dakika 1' } },
  { name: 'Dhaka 3 Minutes', displayNames: { BN: 'ঢাকা 3 মিনিট', SW: 'Dhaka Dakika 3' } },
  { name: 'Dhaka 5 Minutes', displayNames: { BN: 'ঢাকা 5 মিনিট', SW: 'Dhaka Dakika 5' } },
  { name: 'Fast 3', displayNames: { BN: 'ফাস্ট 3', SW: 'Haraka 3' } },
  { name: 'Pick 3', displayNames: { BN: 'পিক 3', SW: 'Chagua 3' } },
  { name: '5D Lotto', displayNames: { BN: '5D লটো', SW: 'Loto 5D' } },
  { name: 'PK10 Racing', displayNames: { BN: 'PK10 রেসিং', SW: 'Mbio za PK10' } },
  { name: 'Lucky 28', displayNames: { BN: 'লাকি 28', SW: 'Bahati 28' } },
  { name: 'Kismat Daily', displayNames: { BN: 'কিসমত দৈনিক', SW: 'Kismat ya Kila Siku' } },
  { name: 'Keno 80', displayNames: { BN: 'কেনো 80', SW: 'Keno 80' } },
];

const ELOTTERY_NAMES: NamedGame[] = [
  { name: 'Win Go 1 Min', displayNames: { BN: 'উইন গো 1 মিনিট', SW: 'Win Go Dakika 1' } },
  { name: 'Win Go 3 Min', displayNames: { BN: 'উইন গো 3 মিনিট', SW: 'Win Go Dakika 3' } },
  { name: 'Win Go 5 Min', displayNames: { BN: 'উইন গো 5 মিনিট', SW: 'Win Go Dakika 5' } },
  { name: 'K3 1 Min', displayNames: { BN: 'K3 1 মিনিট', SW: 'K3 Dakika 1' } },
  { name: 'K3 3 Min', displayNames: { BN: 'K3 3 মিনিট', SW: 'K3 Dakika 3' } },
  { name: '5D 1 Min', displayNames: { BN: '5D 1 মিনিট', SW: '5D Dakika 1' } },
  { name: '5D 5 Min', displayNames: { BN: '5D 5 মিনিট', SW: '5D Dakika 5' } },
  { name: 'Color Prediction', displayNames: { BN: 'কালার প্রেডিকশন', SW: 'Utabiri wa Rangi' } },
  { name: 'Number Race', displayNames: { BN: 'নম্বর রেস', SW: 'Mbio za Namba' } },
  { name: 'Lucky Ball', displayNames: { BN: 'লাকি বল', SW: 'Mpira wa Bahati' } },
];

/**
 * Names of the real in-house games by game code (the titles' and draws' own names are the
 * English ones). The house vendor's lanes list exactly these games, nothing generated.
 */
export const HOUSE_GAME_DISPLAY_NAMES: Record<string, LocalizedText> = {
  'bengal-tiger': { BN: 'বেঙ্গল টাইগার', SW: 'Simbamarara wa Bengal' },
  'lucky-lotus': { BN: 'লাকি লোটাস', SW: 'Yungiyungi la Bahati' },
  'golden-delta': { BN: 'গোল্ডেন ডেল্টা', SW: 'Delta ya Dhahabu' },
  'kismat-crash': { BN: 'কিসমত ক্র্যাশ', SW: 'Kismat Crash' },
  'kismat-dice': { BN: 'কিসমত ডাইস', SW: 'Kete ya Kismat' },
  'kismat-mines': { BN: 'কিসমত মাইনস', SW: 'Mabomu ya Kismat' },
  'kismat-plinko': { BN: 'কিসমত প্লিংকো', SW: 'Plinko ya Kismat' },
  'kismat-dragon-tiger': { BN: 'কিসমত ড্রাগন টাইগার', SW: 'Joka na Chui wa Kismat' },
  'kismat-andar-bahar': { BN: 'কিসমত আন্দার বাহার', SW: 'Andar Bahar ya Kismat' },
  'kismat-teen-patti': { BN: 'কিসমত তিন পাত্তি', SW: 'Teen Patti ya Kismat' },
  ELOTT_1M: { BN: '5D 1 মিনিট', SW: '5D Dakika 1' },
  ELOTT_3M: { BN: '5D 3 মিনিট', SW: '5D Dakika 3' },
  ELOTT_5M: { BN: '5D 5 মিনিট', SW: '5D Dakika 5' },
  VN_NORTH: { BN: 'ভিয়েতনাম উত্তর (মিয়েন বাক)', SW: 'Vietnam Kaskazini (Miền Bắc)' },
  SEA_THAI: { BN: 'থাই লটারি', SW: 'Bahati Nasibu ya Thailand' },
};

/** How many games a vendor has in a category: a stable draw in a realistic range (6 to 30). */
export function gameCountFor(vendorCode: string, category: GameCategory): number {
  const ranges: Record<GameCategory, [number, number]> = {
    RNG: [14, 30],
    FISH: [6, 12],
    LIVE: [8, 24],
    PVP: [8, 20],
    SPORTS: [6, 12],
    ESPORTS: [6, 12],
    COCKFIGHT: [6, 8],
    LOTT: [6, 10],
    ELOTT: [6, 10],
    // The house lanes hold the real games only (seed-catalogue houseGameSeeds), never generated names.
    BGS: [0, 0],
  };
  const [min, max] = ranges[category];
  return min + (hashText(`${vendorCode}:${category}:count`) % (max - min + 1));
}

function pickUnique(list: readonly NamedGame[], seed: string, index: number, used: Set<string>): NamedGame {
  const start = hashText(`${seed}:start`) % list.length;
  const candidate = list[(start + index) % list.length];
  if (!candidate) throw new Error('empty game name list');
  if (!used.has(candidate.name)) return candidate;
  // Past the end of the list: tables and rooms get a number, as casinos name them.
  const round = Math.floor(index / list.length) + 1;
  return { name: `${candidate.name} ${round}`, ...(candidate.displayNames ? { displayNames: candidate.displayNames } : {}) };
}

/** The deterministic list of a vendor lane's game names. */
export function gameNamesFor(vendorCode: string, category: GameCategory): NamedGame[] {
  // In-house lanes list the real games (seed-catalogue houseGameSeeds), never generated names.
  if (category === 'BGS') return [];
  const count = gameCountFor(vendorCode, category);
  const seed = `${vendorCode}:${category}`;
  const used = new Set<string>();
  const names: NamedGame[] = [];
  for (let index = 0; index < count; index += 1) {
    let game: NamedGame;
    if (category === 'RNG') {
      let attempt = 0;
      do {
        const hash = hashText(`${seed}:${index}:${attempt}`);
        game = { name: `${SLOT_FIRST[hash % SLOT_FIRST.length]} ${SLOT_SECOND[(hash >>> 8) % SLOT_SECOND.length]}` };
        attempt += 1;
      } while (used.has(game.name));
    } else if (category === 'FISH') {
      game = pickUnique(
        FISH_NAMES.map((name) => ({ name })),
        seed,
        index,
        used,
      );
    } else if (category === 'LIVE') {
      // Tables are named by game and letter: Baccarat A, Baccarat B ...
      const table = LIVE_TABLES[index % LIVE_TABLES.length];
      if (!table) throw new Error('empty live table list');
      const letter = String.fromCharCode(65 + Math.floor(index / LIVE_TABLES.length));
      const localized: LocalizedText = { EN: `${table.name} ${letter}` };
      if (table.displayNames?.BN) localized.BN = `${table.displayNames.BN} ${letter}`;
      if (table.displayNames?.SW) localized.SW = `${table.displayNames.SW} ${letter}`;
      game = { name: `${table.name} ${letter}`, displayNames: localized };
    } else {
      const lists: Record<'PVP' | 'SPORTS' | 'ESPORTS' | 'COCKFIGHT' | 'LOTT' | 'ELOTT', readonly NamedGame[]> = {
        PVP: PVP_NAMES,
        SPORTS: SPORTS_NAMES,
        ESPORTS: ESPORTS_NAMES,
        COCKFIGHT: COCKFIGHT_NAMES,
        LOTT: LOTTERY_NAMES,
        ELOTT: ELOTTERY_NAMES,
      };
      // The lobby (first entry) comes first for sports and esports; the rest rotate by vendor.
      const list = lists[category];
      const isLobbyFirst = category === 'SPORTS' || category === 'ESPORTS';
      const picked = isLobbyFirst ? list[index % list.length] : pickUnique(list, seed, index, used);
      if (!picked) throw new Error('empty game name list');
      game = picked;
    }
    used.add(game.name);
    names.push(game);
  }
  return names;
}
