-- A lottery slip's one statement (house-games/place-lottery-slip-fast.ts, issue 16 item 3) decides
-- the cutoff without a row lock on the issue, which every slip of a rush took FOR SHARE (one hot
-- row: a new multixact and a WAL record per slip). Instead an advisory lock per issue, in space
-- 1280267348 ("LOTT"), key the issue id:
--  - lottery_slip_gate(issue, at): takes it SHARED (slips never wait for each other), then reads
--    the issue with a fresh snapshot (a VOLATILE function's statements each take one), so a slip
--    that waited for a close or a cancellation reads their status: true when the issue is OPEN,
--    opened at `at` and its cutoff after `at`;
--  - lottery_issue_lock(issue): takes it EXCLUSIVE, for the close, the draw and the cancellation
--    before they change the issue: they wait for every slip that passed the gate until it commits.
-- Both are transaction-scoped. The gate needs READ COMMITTED (under a transaction snapshot it
-- would read the old status): it raises otherwise.
CREATE FUNCTION lottery_slip_gate(p_issue bigint, p_at timestamptz) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  is_open boolean;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'lottery_slip_gate needs READ COMMITTED, not %', current_setting('transaction_isolation');
  END IF;
  PERFORM pg_advisory_xact_lock_shared(1280267348, (p_issue % 2147483647)::integer);
  SELECT i.status = 'OPEN' AND i.opens_at <= p_at AND i.cutoff_at > p_at INTO is_open FROM lottery_issues i WHERE i.id = p_issue;
  RETURN coalesce(is_open, false);
END
$$;
--> statement-breakpoint
CREATE FUNCTION lottery_issue_lock(p_issue bigint) RETURNS void LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(1280267348, (p_issue % 2147483647)::integer)
$$;
