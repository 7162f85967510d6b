import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useLotteryGames } from '../api/get-lottery-games';
import { useMyTickets } from '../api/get-my-tickets';
import { useOpenedIssues } from '../api/get-opened-issues';
import { useRecentResults } from '../api/get-recent-results';
import { houseGamesKeys } from '../api/house-games-keys';
import { usePlaceLotteryBet } from '../api/place-lottery-bet';
import { BetSlip, type SlipLine } from '../components/bet-slip';
import { IssueCountdown } from '../components/issue-countdown';
import { LatestDraw } from '../components/latest-draw';
import styles from '../components/lottery.module.css';
import { LotteryResults } from '../components/lottery-results';
import { MyTickets } from '../components/my-tickets';
import { NumberPicker } from '../components/number-picker';
import { type LotteryResultMessage, useLotteryLive } from '../hooks/use-lottery-live';
import { useHouseGameNames } from '../utils/game-names';
import { kindOfGameCode, kindOfPath } from '../utils/lottery-selection';
import { formatOdds, parseAmount, toMoneyString } from '../utils/money';

const PRIZE_MODE_OF_KIND = { ELOTT: 'ELOTT', VN: 'LOTT', SEA: 'SEA' } as const;
const TITLE_OF_KIND = { ELOTT: 'lottery', VN: 'vnLottery', SEA: 'seaLottery' } as const;
const PAGE_OF_KIND = { ELOTT: paths.lottery, VN: paths.vnLottery, SEA: paths.seaLottery } as const;

/** Lottery pages (/lottery, /seaLottery, /vnLottery); each takes the query gameCode. */
export function LotteryRoute() {
  const { t } = useTranslation();
  const names = useHouseGameNames();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const kind = kindOfPath(location.pathname);
  const games = useLotteryGames(PRIZE_MODE_OF_KIND[kind]);
  const kindGames = (games.data?.games ?? []).filter((game) => game.kind === kind);
  const gameCode = searchParams.get('gameCode') ?? kindGames[0]?.gameCode ?? '';
  const game = kindGames.find((item) => item.gameCode === gameCode);
  const opened = useOpenedIssues(gameCode);
  const results = useRecentResults(gameCode);
  const tickets = useMyTickets(gameCode);
  const place = usePlaceLotteryBet(gameCode);

  const betTypes = game?.betTypes.standard ?? [];
  const [betType, setBetType] = useState<string | null>(null);
  const activeType = betType && betTypes.some((type) => type.betType === betType) ? betType : (betTypes[0]?.betType ?? '');
  const [lines, setLines] = useState<SlipLine[]>([]);
  const [amountText, setAmountText] = useState('10');
  const [notice, setNotice] = useState<string | null>(null);
  const offsetMs = useMemo(
    () => (opened.data ? Date.parse(opened.data.serverTime) - opened.dataUpdatedAt : 0),
    [opened.data, opened.dataUpdatedAt],
  );
  const current = opened.data?.issues.find((issue) => issue.gameCode === gameCode && issue.status === 'OPEN') ?? null;
  // Between the cutoff and the draw no issue is on sale: the closed one is shown as drawing.
  const drawing = current ? null : (opened.data?.issues.find((issue) => issue.gameCode === gameCode && issue.status === 'CLOSED') ?? null);
  const [latestDraw, setLatestDraw] = useState<LotteryResultMessage | null>(null);
  useLotteryLive(setLatestDraw);
  const shownDraw = latestDraw?.gameCode === gameCode ? latestDraw : null;
  const drawnTickets = shownDraw ? (tickets.data?.list ?? []).filter((ticket) => ticket.issueId === shownDraw.issueId) : [];
  const drawnIssueNo =
    drawnTickets[0]?.issueNo ?? results.data?.list.find((issue) => issue.issueId === shownDraw?.issueId)?.issueNo ?? null;
  const [closedIssue, setClosedIssue] = useState<string | null>(null);
  const isClosed = current?.status !== 'OPEN' || closedIssue === current.issueId;

  // A new game or a new issue starts a fresh slip.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on the game only.
  useEffect(() => {
    setLines([]);
    setBetType(null);
  }, [gameCode]);

  const onCutoff = useCallback(() => {
    if (current) setClosedIssue(current.issueId);
    // The next issue opens on the server's schedule; ask again shortly.
    window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: houseGamesKeys.openedIssues(gameCode) }), 2000);
  }, [current, queryClient, gameCode]);

  const picked = useMemo(
    () => new Set(lines.filter((line) => line.betType === activeType).map((line) => line.selection)),
    [lines, activeType],
  );
  const toggle = (selection: string) =>
    setLines((existing) =>
      existing.some((line) => line.betType === activeType && line.selection === selection)
        ? existing.filter((line) => !(line.betType === activeType && line.selection === selection))
        : existing.length >= 50
          ? existing
          : [...existing, { betType: activeType, selection }],
    );

  const selectionLabel = (line: SlipLine) =>
    line.selection
      .split('-')
      .map((part, index, parts) =>
        parts.length === 2 && index === 0
          ? t('houseGames.lottery.positionN', { position: part })
          : /^\d+$/.test(part)
            ? part
            : t(`houseGames.options.${part}`, { defaultValue: part }),
      )
      .join(' · ');

  const placeBet = () => {
    const amount = parseAmount(amountText);
    if (!current || amount === null) return;
    setNotice(null);
    place.mutate(
      {
        issueId: current.issueId,
        idempotencyKey: newIdempotencyKey(),
        tickets: lines.map((line) => ({ betType: line.betType, selection: line.selection, amount: toMoneyString(amount) })),
      },
      {
        onSuccess: (answer) => {
          setLines([]);
          setNotice(t('houseGames.slip.placed', { number: answer.tickets.length }));
        },
      },
    );
  };

  const title = t(`lottery.titles.${TITLE_OF_KIND[kind]}`);
  // Under a game's name, its family as the navigation names it (the /lottery page holds the e-lotteries).
  const familyName = kind === 'ELOTT' ? t('categories.ELOTT') : title;
  const kindOfCode = kindOfGameCode(gameCode);
  // A game of another family (a launch from a lottery lane lands on /lottery) opens on its own page.
  if (kindOfCode && kindOfCode !== kind) return <Navigate to={PAGE_OF_KIND[kindOfCode].getHref(gameCode)} replace />;
  return (
    <PageFrame
      title={game ? names.lottery(game.gameCode, game.name) : title}
      subtitle={game ? familyName : t('lottery.subtitle')}
      icon="ticket"
    >
      {kindGames.length > 1 ? (
        <nav aria-label={t('houseGames.lottery.games')}>
          <ul className={styles.gameChips}>
            {kindGames.map((game) => (
              <li key={game.gameCode}>
                <Link
                  className={styles.positionChip}
                  to={`${location.pathname}?gameCode=${encodeURIComponent(game.gameCode)}`}
                  aria-current={game.gameCode === gameCode ? 'page' : undefined}
                >
                  {names.lottery(game.gameCode, game.name)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {!gameCode && !games.isPending ? <EmptyState icon="ticket" title={t('lottery.emptyTitle')} text={t('lottery.emptyText')} /> : null}
      {games.isPending || (gameCode && opened.isPending) ? <Spinner label={t('houseGames.slot.loading')} isCentered /> : null}
      {games.error || opened.error ? (
        <p className={styles.error} role="alert">
          {(games.error ?? opened.error)?.message}
        </p>
      ) : null}
      {game ? (
        <div className={styles.layout}>
          <div className={styles.main}>
            {current ? (
              <IssueCountdown
                key={current.issueId}
                issueNo={current.issueNo}
                cutoffAt={current.cutoffAt}
                offsetMs={offsetMs}
                onCutoff={onCutoff}
              />
            ) : drawing ? (
              <div className={styles.countdown} data-testid="issue-drawing">
                <span className={styles.issueLabel}>{t('houseGames.lottery.issue', { issue: drawing.issueNo })}</span>
                <strong className={styles.clock} data-closed="true">
                  {t('houseGames.lottery.drawing')}
                </strong>
                <span className={styles.issueLabel}>{t('houseGames.lottery.nextSoon')}</span>
              </div>
            ) : (
              <p className={styles.muted}>{t('houseGames.lottery.noIssue')}</p>
            )}
            {shownDraw ? (
              <LatestDraw
                key={shownDraw.issueId}
                issueId={shownDraw.issueId}
                kind={kind}
                issueNo={drawnIssueNo}
                result={shownDraw.result}
                tickets={drawnTickets}
                onClose={() => setLatestDraw(null)}
              />
            ) : null}
            <div className={styles.betTypes} role="tablist" aria-label={t('houseGames.lottery.betTypes')}>
              {betTypes.map((type) => (
                <button
                  key={type.betType}
                  type="button"
                  role="tab"
                  aria-selected={type.betType === activeType}
                  className={styles.betType}
                  onClick={() => setBetType(type.betType)}
                >
                  <span>{t(`houseGames.betTypes.${type.betType}`, { defaultValue: type.betType })}</span>
                  <small>{t('houseGames.lottery.odds', { odds: formatOdds(type.odds) })}</small>
                </button>
              ))}
            </div>
            {activeType ? <p className={styles.muted}>{t(`houseGames.betTypeHelp.${activeType}`, { defaultValue: '' })}</p> : null}
            {activeType ? <NumberPicker key={activeType} kind={kind} betType={activeType} picked={picked} onToggle={toggle} /> : null}
            <div className={styles.pastDraws}>
              <LotteryResults kind={kind} issues={results.data?.list ?? []} />
            </div>
          </div>
          <div className={styles.side}>
            <BetSlip
              lines={lines}
              betTypes={betTypes}
              amountText={amountText}
              onAmountChange={setAmountText}
              onRemove={(line) => setLines((existing) => existing.filter((item) => item !== line))}
              onClear={() => setLines([])}
              onPlace={placeBet}
              isPlacing={place.isPending}
              isClosed={isClosed}
              error={place.error?.message ?? null}
              selectionLabel={selectionLabel}
            />
            {notice ? (
              <p className={styles.notice} role="status">
                {notice}
              </p>
            ) : null}
            <MyTickets tickets={tickets.data?.list ?? []} selectionLabel={selectionLabel} />
          </div>
        </div>
      ) : null}
    </PageFrame>
  );
}
