import type { OperatorMe } from '@kismat/contracts/operator-accounts';
import type { OperatorVendor, OperatorVendorBody } from '@kismat/contracts/operator-catalogue';
import { useCallback, useEffect, useState } from 'react';
import { api, failureText } from '../api';
import { DataTable, ListStatus } from '../components/data-table';
import { type Feedback, FeedbackBanner } from '../components/feedback';
import { MerchantPage, ReadOnlyBanner, useMerchants } from '../components/merchant-picker';
import { canManage } from '../roles';
import { RotateSecretDialog } from './catalogue-rotate-secret-dialog';
import { VendorGames } from './catalogue-vendor-games';
import { VendorRow } from './catalogue-vendor-row';

/**
 * The game catalogue for one merchant: each vendor's lanes on or off and into maintenance with
 * a planned end; a vendor's games (search, paging) with on/off, maintenance and the hot, new and
 * order overrides; a vendor's HMAC secret rotated and shown once. Support and finance only read.
 */
export function CataloguePage({ me }: { me: OperatorMe }) {
  const merchantList = useMerchants(me);
  const { code, error: merchantsError } = merchantList;
  const [vendors, setVendors] = useState<OperatorVendor[] | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [openVendor, setOpenVendor] = useState<string | null>(null);
  const [rotating, setRotating] = useState<OperatorVendor | null>(null);
  const mayChange = canManage(me);
  const mayRotate = mayChange && me.merchantCode === null;

  const reload = useCallback(async () => {
    if (!code) return;
    try {
      const { list } = await api<{ list: OperatorVendor[] }>('GET', `/admin-api/catalogue/merchants/${encodeURIComponent(code)}/vendors`);
      setVendors(list);
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The vendors could not be loaded.') });
    }
  }, [code]);

  useEffect(() => {
    setVendors(null);
    setOpenVendor(null);
    void reload();
  }, [reload]);

  const changeVendor = async (vendor: OperatorVendor, body: OperatorVendorBody, success: string): Promise<boolean> => {
    if (!code) return false;
    try {
      const after = await api<OperatorVendor>(
        'PUT',
        `/admin-api/catalogue/merchants/${encodeURIComponent(code)}/vendors/${encodeURIComponent(vendor.vassalage)}`,
        body,
      );
      setVendors((rows) => rows?.map((row) => (row.vassalage === after.vassalage ? after : row)) ?? rows);
      setFeedback({ tone: 'success', text: success });
      return true;
    } catch (caught) {
      setFeedback({ tone: 'error', text: failureText(caught, 'The change was not saved.') });
      return false;
    }
  };

  const shown = openVendor ? vendors?.find((vendor) => vendor.vassalage === openVendor) : undefined;

  return (
    <MerchantPage
      id="catalogue"
      title="Catalogue"
      merchants={merchantList}
      intro={mayChange ? null : <ReadOnlyBanner role={me.role} may="view the catalogue but not change it" />}
    >
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      {code && shown ? (
        <VendorGames merchantCode={code} vendor={shown} mayChange={mayChange} onBack={() => setOpenVendor(null)} onFeedback={setFeedback} />
      ) : (
        <>
          {merchantsError ? null : <ListStatus error={null} rows={vendors} empty="No vendors in the catalogue." />}
          {vendors && vendors.length > 0 ? (
            <DataTable className="catalogue" headings={['Vendor', 'Lanes for this merchant', 'Maintenance', 'Actions']}>
              {vendors.map((vendor) => (
                <VendorRow
                  key={vendor.vassalage}
                  vendor={vendor}
                  mayChange={mayChange}
                  mayRotate={mayRotate && !vendor.isHouse}
                  onChange={changeVendor}
                  onOpen={() => setOpenVendor(vendor.vassalage)}
                  onRotate={() => setRotating(vendor)}
                />
              ))}
            </DataTable>
          ) : null}
        </>
      )}
      {rotating ? <RotateSecretDialog vendor={rotating} onClose={() => setRotating(null)} onFeedback={setFeedback} /> : null}
    </MerchantPage>
  );
}
