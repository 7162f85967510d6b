-- The ledger's balance check per statement instead of per row (issue 16: a settlement batch of
-- 500 bills ran ~2,500 deferred trigger queries at its COMMIT). Migration 0005 checked each
-- inserted entry at commit with two queries over its transfer; every writer now inserts all
-- entries of a transfer in one statement (postTransfer, the bulk and keyed bulk postings), so
-- one AFTER ... FOR EACH STATEMENT trigger reads the statement's new rows (a transition table)
-- and checks every transfer they touch, set-based, once: its entries (all of them, old and new)
-- sum to zero in each currency, stay inside the transfer's merchant and never mix trial and
-- real accounts. Entries are append-only, so a transfer sound after each statement that adds
-- to it is sound at commit: the same guarantee, checked earlier. The check that a transfer has
-- entries at all stays deferred to commit (ledger_transfers_not_empty): its entries come in a
-- later statement than its row.
DROP TRIGGER IF EXISTS ledger_entries_balanced ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_check_transfer_entries();
--> statement-breakpoint
CREATE FUNCTION ledger_check_inserted_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT per_transfer.transfer_id, per_transfer.is_cross_merchant, per_transfer.is_mixed_realm, per_transfer.unbalanced_currency
    INTO bad
    FROM (
      SELECT per_currency.transfer_id, bool_or(per_currency.is_cross_merchant) AS is_cross_merchant,
             bool_or(per_currency.any_trial) <> bool_and(per_currency.all_trial) AS is_mixed_realm,
             min(per_currency.currency) FILTER (WHERE per_currency.total <> 0) AS unbalanced_currency
        FROM (
          SELECT e.transfer_id, a.currency, sum(e.amount) AS total, bool_or(a.merchant_id <> t.merchant_id) AS is_cross_merchant,
                 bool_or(a.is_trial) AS any_trial, bool_and(a.is_trial) AS all_trial
            FROM (SELECT DISTINCT transfer_id FROM inserted_entries) AS touched
            JOIN ledger_entries e ON e.transfer_id = touched.transfer_id
            JOIN ledger_accounts a ON a.id = e.account_id
            JOIN ledger_transfers t ON t.id = e.transfer_id
           GROUP BY e.transfer_id, a.currency
        ) AS per_currency
       GROUP BY per_currency.transfer_id
    ) AS per_transfer
   WHERE per_transfer.is_cross_merchant OR per_transfer.is_mixed_realm OR per_transfer.unbalanced_currency IS NOT NULL
   ORDER BY per_transfer.transfer_id
   LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF bad.is_cross_merchant THEN
    RAISE EXCEPTION 'ledger: transfer % touches another merchant''s account', bad.transfer_id USING ERRCODE = 'check_violation';
  END IF;
  IF bad.is_mixed_realm THEN
    RAISE EXCEPTION 'ledger: transfer % mixes trial and real accounts', bad.transfer_id USING ERRCODE = 'check_violation';
  END IF;
  RAISE EXCEPTION 'ledger: transfer % does not sum to zero in %', bad.transfer_id, bad.unbalanced_currency
    USING ERRCODE = 'check_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_inserted_entries();
