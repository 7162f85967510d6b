import { verifyRedEnvelopeDraw } from '@kismat/game-math/promotions/red-envelope';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { QueryState } from '@/components/ui/query-state';
import blocks from '../../../components/ui/blocks.module.css';
import { useRedEnvelopeVerify } from '../api/get-red-envelope-verify';
import { FairnessFacts } from './fairness-facts';
import styles from './promotions.module.css';
import { useFormatMoney } from './use-format-money';

/**
 * /promotions?verify=<draw>: the draw recomputed in this browser from its revealed seed with
 * packages/game-math, the code the server ran; nothing here trusts the server's own verdict.
 */
export function RedEnvelopeVerify({ drawId }: { drawId: number }) {
  const { t } = useTranslation('promotions');
  const format = useFormatMoney();
  const draw = useRedEnvelopeVerify(drawId);
  const data = draw.data;
  const verified = data
    ? verifyRedEnvelopeDraw({
        serverSeedHex: data.serverSeed,
        commitmentHex: data.commitment,
        clientSeed: data.clientSeed,
        nonce: data.nonce,
        weights: data.weights,
      })
    : null;
  const isRollSame = verified?.ok === true && verified.pick.roll === data?.roll && verified.pick.prizeIndex === data?.pickedIndex;
  const isValid = verified?.ok === true && verified.isCommitmentValid && isRollSame;
  return (
    <QueryState query={draw} errorTitle={t('verify.failed')}>
      {data ? (
        <div className={`${blocks.column} ${styles.page}`}>
          <section
            className={`${blocks.column} ${styles.card}`}
            aria-labelledby="verify-result-title"
            data-testid="verify-result"
            data-valid={isValid}
          >
            <h2 id="verify-result-title" className={styles.sectionTitle}>
              <Icon name={isValid ? 'check' : 'alert'} size={18} /> {isValid ? t('verify.valid') : t('verify.invalid')}
            </h2>
            <ul className={styles.muted}>
              <li>{verified?.ok && verified.isCommitmentValid ? t('verify.commitmentOk') : t('verify.commitmentBad')}</li>
              <li>{isRollSame ? t('verify.rollOk', { roll: data.roll, index: data.pickedIndex + 1 }) : t('verify.rollBad')}</li>
              <li>
                {data.isStockOut
                  ? t('verify.stockOut', { amount: format(data.amount) })
                  : t('verify.prize', { amount: format(data.amount), index: data.prizeIndex + 1 })}
              </li>
            </ul>
          </section>
          <section className={`${blocks.column} ${styles.card}`} aria-labelledby="verify-inputs-title">
            <h2 id="verify-inputs-title" className={styles.cardTitle}>
              {t('verify.inputs')}
            </h2>
            <FairnessFacts draw={data} />
            <p className={styles.muted}>{t('verify.formula')}</p>
          </section>
        </div>
      ) : null}
    </QueryState>
  );
}
