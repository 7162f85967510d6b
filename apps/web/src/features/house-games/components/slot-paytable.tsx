import type { SlotTitle } from '@kismat/game-math/slots/slot-types';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format-money';
import styles from './slot-paytable.module.css';
import { faceOf, toneOf } from './slot-reels';

const KINDS = [3, 4, 5] as const;

interface SlotPaytableProps {
  title: SlotTitle;
  /** The chosen total bet in minor units: pays are shown as money at this bet. */
  totalBetMinor: bigint;
}

/** A symbol's face in its title's colour; decoration, the symbol's name stands beside it. */
function Face({ title, symbolId }: { title: SlotTitle; symbolId: string }) {
  return (
    <span className={styles.face} style={{ color: toneOf(title, symbolId) }} aria-hidden="true">
      {faceOf(title, symbolId)}
    </span>
  );
}

/** One headed section of the paytable; the heading names the section for assistive technology. */
function PaytableSection({ id, heading, children }: { id: string; heading: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={styles.heading}>
        {heading}
      </h3>
      {children}
    </section>
  );
}

/** A section about one special symbol (the wild, the scatter), headed by its face and `heading`. */
function SymbolSection({
  id,
  title,
  symbolId,
  heading,
  children,
}: {
  id: string;
  title: SlotTitle;
  symbolId: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <PaytableSection
      id={id}
      heading={
        <>
          <Face title={title} symbolId={symbolId} />
          {heading}
        </>
      }
    >
      {children}
    </PaytableSection>
  );
}

/**
 * The paytable and rules of an in-house slot, read from the title's own definition (the same
 * data the server plays and the exact RTP proof enumerates), so what it promises is what the
 * reels can pay: line pays at the chosen bet, the wild, the scatter, free spins and the win cap.
 */
export function SlotPaytable({ title, totalBetMinor }: SlotPaytableProps) {
  const { t } = useTranslation();
  // Symbol names in the page's language where the locales have them (houseGames.names), else the title's own.
  const translate = t as unknown as (key: string, options: { defaultValue: string }) => string;
  const labelOf = (symbolId: string) =>
    translate(`houseGames.names.symbols.${title.id}.${symbolId}`, {
      defaultValue: title.symbols.find((symbol) => symbol.id === symbolId)?.name ?? symbolId,
    });
  const lines = title.paylines.length;
  const coinMinor = totalBetMinor / BigInt(lines);
  const wild = title.symbols.find((symbol) => symbol.kind === 'wild');
  const scatter = title.symbols.find((symbol) => symbol.kind === 'scatter');
  const payingSymbols = title.symbols.filter((symbol) => symbol.kind !== 'scatter' && Object.keys(symbol.pays ?? {}).length > 0);
  const scatterCounts = Object.keys({ ...title.scatterPays, ...title.freeSpins.awards })
    .map(Number)
    .sort((left, right) => left - right);
  const rules = title.freeSpins;

  return (
    <div className={styles.paytable} data-testid="slot-paytable">
      <p className={styles.intro}>
        {t('houseGames.paytable.intro', { bet: formatMoney(totalBetMinor), coin: formatMoney(coinMinor), lines })}
      </p>

      <PaytableSection id="paytable-lines" heading={t('houseGames.paytable.linePays')}>
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('houseGames.paytable.symbol')}</th>
                {KINDS.map((count) => (
                  <th key={count} scope="col">
                    {t('houseGames.paytable.ofAKind', { count })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {payingSymbols.map((symbol) => (
                <tr key={symbol.id} data-symbol={symbol.id}>
                  <th scope="row">
                    <span className={styles.symbol}>
                      <Face title={title} symbolId={symbol.id} />
                      <span>{labelOf(symbol.id)}</span>
                      {symbol.kind === 'wild' ? <span className={styles.tag}>{t('houseGames.paytable.wildTag')}</span> : null}
                    </span>
                  </th>
                  {KINDS.map((count) => {
                    const coins = symbol.pays?.[count];
                    return <td key={count}>{coins ? formatMoney(coinMinor * BigInt(coins)) : '—'}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PaytableSection>

      {wild ? (
        <SymbolSection
          id="paytable-wild"
          title={title}
          symbolId={wild.id}
          heading={t('houseGames.paytable.wildTitle', { name: labelOf(wild.id) })}
        >
          <p className={styles.text} data-testid="paytable-wild">
            {t('houseGames.paytable.wildText', { name: labelOf(wild.id), scatter: scatter ? labelOf(scatter.id) : '' })}{' '}
            {Object.keys(wild.pays ?? {}).length > 0 ? t('houseGames.paytable.wildPays') : t('houseGames.paytable.wildNoPays')}
          </p>
        </SymbolSection>
      ) : null}

      {scatter ? (
        <SymbolSection
          id="paytable-scatter"
          title={title}
          symbolId={scatter.id}
          heading={t('houseGames.paytable.scatterTitle', { name: labelOf(scatter.id) })}
        >
          <p className={styles.text}>{t('houseGames.paytable.scatterText', { name: labelOf(scatter.id) })}</p>
          <table className={styles.table} data-testid="paytable-scatter">
            <thead>
              <tr>
                <th scope="col">{t('houseGames.paytable.scatterCount')}</th>
                <th scope="col">{t('houseGames.paytable.scatterPay')}</th>
                <th scope="col">{t('houseGames.paytable.freeSpinsAwarded')}</th>
              </tr>
            </thead>
            <tbody>
              {scatterCounts.map((count) => {
                const times = title.scatterPays[count] ?? 0;
                return (
                  <tr key={count}>
                    <th scope="row">{count}</th>
                    <td>{times > 0 ? formatMoney(totalBetMinor * BigInt(times)) : '—'}</td>
                    <td>{rules.awards[count] ?? 0}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </SymbolSection>
      ) : null}

      <PaytableSection id="paytable-free" heading={t('houseGames.paytable.freeSpinsTitle')}>
        <ul className={styles.rules} data-testid="paytable-free-spins">
          <li>{t('houseGames.paytable.freeSpinsMultiplier', { multiplier: rules.multiplier })}</li>
          <li>
            {rules.canRetrigger
              ? t('houseGames.paytable.freeSpinsRetrigger', { max: rules.maxSpinsPerFeature })
              : t('houseGames.paytable.freeSpinsNoRetrigger', { max: rules.maxSpinsPerFeature })}
          </li>
          <li>{t('houseGames.paytable.freeSpinsReels')}</li>
        </ul>
      </PaytableSection>

      <PaytableSection id="paytable-rules" heading={t('houseGames.paytable.rulesTitle')}>
        <ul className={styles.rules}>
          <li>{t('houseGames.paytable.ruleLines', { lines })}</li>
          <li>{t('houseGames.paytable.ruleBestWin')}</li>
          <li data-testid="paytable-cap">
            {t('houseGames.paytable.ruleCap', {
              multiplier: title.maxWinMultiplier.toLocaleString('en-US'),
              amount: formatMoney(totalBetMinor * BigInt(title.maxWinMultiplier)),
            })}
          </li>
          <li>{t('houseGames.paytable.ruleRtp', { rtp: title.declaredRtpPercent.toFixed(2) })}</li>
        </ul>
      </PaytableSection>
    </div>
  );
}
