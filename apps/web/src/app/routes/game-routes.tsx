import { AccountGames } from '@/features/catalogue/routes/account-games';
import { GameCentre } from '@/features/catalogue/routes/game-centre';
import { GameListCentre } from '@/features/catalogue/routes/game-list-centre';
import { useFavouriteGames } from '@/features/favourites/api/get-favourite-games';
import { SeamlessGame } from '@/features/game-launch/routes/seamless-game';
import { useGameActions } from './game-actions';

/** /live /fish /rng /pvp /bgs. */
export function GameListCentreRoute() {
  const { renderGame } = useGameActions();
  return <GameListCentre renderGame={renderGame} />;
}

/** /sports /esports /lott /elott /cockfight. */
export function GameCentreRoute() {
  const { openVendor, playVendor } = useGameActions();
  return <GameCentre onOpenVendor={openVendor} onPlayVendor={playVendor} />;
}

/** /favorite and /recent. */
export function AccountGamesRoute() {
  const { renderGame } = useGameActions();
  const favourites = useFavouriteGames();
  return <AccountGames favourites={{ games: favourites.data?.list, isPending: favourites.isPending }} renderGame={renderGame} />;
}

/** /seamless: leaving it refreshes the header balance. */
export function SeamlessRoute() {
  const { onGameExit } = useGameActions();
  return <SeamlessGame onExit={onGameExit} />;
}
