-- Database-side guards of the ledger (docs/ledger.md, "Invariants"). The code already keeps
-- every rule below; these make a bug, a hand-written SQL fix or a future caller unable to
-- break them silently. Each statement stands alone: PGlite runs one statement per query.

CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: % on % refused (%)', TG_OP, TG_TABLE_NAME, TG_ARGV[0]
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
-- Entries and transfers are history: a correction is a reversing transfer, never an edit.
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change('entries are append-only; post a reversing transfer');
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change('entries are append-only');
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change('transfers are append-only; post a reversing transfer');
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change('transfers are append-only');
--> statement-breakpoint
-- A shard row holds part of a hot account's balance; removing one would lose money.
CREATE TRIGGER ledger_account_shards_no_delete BEFORE DELETE ON ledger_account_shards
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change('shards hold balance');
--> statement-breakpoint
-- What an account is (owner, currency, trial or real, hot or cold) never changes once opened:
-- flipping is_trial or currency would let value cross a wall the transfer checks rely on.
-- The WHEN clause is evaluated without calling PL/pgSQL, so balance updates pay almost nothing.
CREATE TRIGGER ledger_accounts_fixed_identity BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW
  WHEN ((OLD.merchant_id, OLD.owner_kind, OLD.owner_member_id, OLD.code, OLD.subkey, OLD.currency,
         OLD.is_trial, OLD.is_hot, OLD.allows_negative, OLD.shard_count)
        IS DISTINCT FROM
        (NEW.merchant_id, NEW.owner_kind, NEW.owner_member_id, NEW.code, NEW.subkey, NEW.currency,
         NEW.is_trial, NEW.is_hot, NEW.allows_negative, NEW.shard_count))
  EXECUTE FUNCTION ledger_refuse_change('an account''s identity is fixed');
--> statement-breakpoint
CREATE FUNCTION ledger_guard_hold_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger: hold % cannot be deleted', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  -- A hold is resolved exactly once: posted or voided, then frozen.
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'ledger: hold % is already %', OLD.id, OLD.status USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.merchant_id, NEW.account_id, NEW.amount, NEW.idempotency_key, NEW.request_hash)
     IS DISTINCT FROM (OLD.merchant_id, OLD.account_id, OLD.amount, OLD.idempotency_key, OLD.request_hash) THEN
    RAISE EXCEPTION 'ledger: hold % cannot change what it reserves', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_holds_resolve_once BEFORE UPDATE OR DELETE ON ledger_holds
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_hold_change();
--> statement-breakpoint
-- Checked at commit, when all entries of the transfer exist: the entries sum to zero in each
-- currency, stay inside the transfer's merchant and never mix trial and real accounts.
CREATE FUNCTION ledger_check_transfer_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_cross_merchant boolean;
  is_mixed_realm boolean;
  unbalanced_currency text;
BEGIN
  SELECT bool_or(a.merchant_id <> t.merchant_id), count(DISTINCT a.is_trial) > 1
    INTO is_cross_merchant, is_mixed_realm
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_transfers t ON t.id = e.transfer_id
   WHERE e.transfer_id = NEW.transfer_id;
  IF is_cross_merchant THEN
    RAISE EXCEPTION 'ledger: transfer % touches another merchant''s account', NEW.transfer_id USING ERRCODE = 'check_violation';
  END IF;
  IF is_mixed_realm THEN
    RAISE EXCEPTION 'ledger: transfer % mixes trial and real accounts', NEW.transfer_id USING ERRCODE = 'check_violation';
  END IF;
  SELECT a.currency INTO unbalanced_currency
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
   WHERE e.transfer_id = NEW.transfer_id
   GROUP BY a.currency
  HAVING sum(e.amount) <> 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger: transfer % does not sum to zero in %', NEW.transfer_id, unbalanced_currency
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_transfer_entries();
--> statement-breakpoint
CREATE FUNCTION ledger_check_transfer_not_empty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_entries WHERE transfer_id = NEW.id) THEN
    RAISE EXCEPTION 'ledger: transfer % has no entries', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transfers_not_empty AFTER INSERT ON ledger_transfers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_transfer_not_empty();
--> statement-breakpoint
-- Balance rows are rewritten on every movement; free room in each page lets Postgres keep the
-- new row version on the same page (a HOT update) without touching the indexes.
ALTER TABLE ledger_accounts SET (fillfactor = 80);
--> statement-breakpoint
ALTER TABLE ledger_account_shards SET (fillfactor = 50);
