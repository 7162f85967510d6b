import type { ContractType } from '@kismat/contracts/agent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs';
import styles from './agent-pages.module.css';
import { BillsSection } from './bills-section';
import { DownlineContracts } from './downline-contracts';
import { MyContract } from './my-contract';

type Section = 'mine' | 'downlines' | 'bills';

/** A contract type's page: my contract from the upline, contracts I gave my downlines, and the bills. */
export function ContractPage({ type }: { type: ContractType }) {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('mine');
  return (
    <div className={styles.stack}>
      <Tabs
        label={t(`agentCentre.contractTypes.${type}`)}
        value={section}
        onChange={setSection}
        items={[
          { value: 'mine', label: t('agentCentre.contracts.mine') },
          { value: 'downlines', label: t('agentCentre.contracts.downlines') },
          { value: 'bills', label: t('agentCentre.contracts.bills') },
        ]}
      />
      {section === 'mine' ? (
        <MyContract type={type} />
      ) : section === 'downlines' ? (
        <DownlineContracts type={type} />
      ) : (
        <BillsSection type={type} />
      )}
    </div>
  );
}
