/*
 * The missions module's public face (docs/loyalty.md "Missions"): the 'missions' fact engine,
 * the leaderboard close job, the claimable count (the missionLeaderboard badge), the ports the
 * route registry fills in, and the demo seed.
 */
export { claimMission } from './claim-mission';
export { closeLeaderboardPeriods } from './close-leaderboard-periods';
export { readOwnRank, readTopScores } from './get-leaderboard';
export { createMissionEngine } from './mission-engine';
export { missionJobs } from './mission-jobs';
export type { MissionPorts } from './mission-ports';
export { countClaimableMissions } from './mission-reads';
export { seedDemoMissions } from './seed-demo-missions';
