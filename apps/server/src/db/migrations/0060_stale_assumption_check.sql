-- A statement that writes on what its caller assumed about rows it reads under lock (the slot
-- spin's one-statement path, house-games/spin-slot-fast.ts) ends with an error when an assumption
-- no longer holds, so an autocommit statement leaves nothing: assume_or_stale(holds, what) answers
-- true when holds, else raises SQLSTATE KS409 "stale assumption: <what>" (platform/stale-assumption.ts).
-- VOLATILE: never evaluated while planning, only where the statement reaches it.
CREATE FUNCTION assume_or_stale(holds boolean, what text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF holds IS NOT TRUE THEN
    RAISE EXCEPTION 'stale assumption: %', what USING ERRCODE = 'KS409';
  END IF;
  RETURN true;
END
$$;
