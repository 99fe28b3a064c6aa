-- The audit trail cannot be quietly changed (docs/security.md "The audit trail").
-- 1. Every row carries a place in one chain (seq), the hash of the row before it (prev_hash) and
--    its own hash: SHA-256 over a canonical form of its fields and prev_hash. A BEFORE INSERT
--    trigger assigns them, so every way a row is written (the group-committed read records, a
--    row inside a service's transaction, a CLI) is chained. The chain's head lives in the one row
--    of audit_chain, locked FOR UPDATE by the first insert of a transaction until it ends:
--    several instances on one PostgreSQL server take turns and keep one chain.
-- 2. UPDATE, DELETE and TRUNCATE of audit rows are refused. The retention purge is the only way
--    rows leave: it sets the transaction-local carepoint.audit_purge to its cut-off, and the
--    trigger lets a DELETE through only for rows older than that cut-off, itself at least six
--    years back. The purge moves the chain's anchor (the hash the first remaining row follows).
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint;
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;
--> statement-breakpoint
CREATE TABLE "audit_chain" (
  "id" boolean PRIMARY KEY DEFAULT true,
  "seq" bigint NOT NULL,
  "hash" text NOT NULL,
  "anchor_seq" bigint NOT NULL,
  "anchor_hash" text NOT NULL,
  CONSTRAINT "audit_chain_one_row" CHECK ("id")
);
--> statement-breakpoint
-- The canonical form: a JSON array of the fields, the time in UTC to the microsecond.
CREATE FUNCTION carepoint_audit_hash(e audit_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(json_build_array(
    e.seq, e.prev_hash, e.id, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.actor_id, e.actor_role, e.actor_email, e.action, e.entity_type, e.entity_id, e.patient_id,
    e.ip, e.details
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Rows written before this migration are chained here, in the order they were written.
INSERT INTO "audit_chain" ("seq", "hash", "anchor_seq", "anchor_hash")
  VALUES (0, repeat('0', 64), 0, repeat('0', 64));
--> statement-breakpoint
DO $$
DECLARE
  e audit_events;
  n bigint := 0;
  prev text := repeat('0', 64);
BEGIN
  FOR e IN SELECT * FROM audit_events ORDER BY id LOOP
    n := n + 1;
    e.seq := n;
    e.prev_hash := prev;
    prev := carepoint_audit_hash(e);
    UPDATE audit_events SET seq = n, prev_hash = e.prev_hash, hash = prev WHERE id = e.id;
  END LOOP;
  UPDATE audit_chain SET seq = n, hash = prev;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_seq_idx" ON "audit_events" USING btree ("seq");
--> statement-breakpoint
-- The head is locked and read once per transaction; while the transaction runs, the head as it
-- moves is kept in the transaction-local carepoint.audit_head ("seq hash"), and written back to
-- audit_chain once per statement (below). Updating audit_chain for every row would leave one row
-- version per row inserted, and each next lookup would walk them all within the transaction.
-- A savepoint rolled back takes both the setting and its lock back with it.
CREATE FUNCTION carepoint_audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head text := current_setting('carepoint.audit_head', true);
  last_seq bigint;
  last_hash text;
BEGIN
  IF head IS NULL OR head = '' THEN
    SELECT seq, hash INTO last_seq, last_hash FROM audit_chain FOR UPDATE;
  ELSE
    last_seq := split_part(head, ' ', 1)::bigint;
    last_hash := split_part(head, ' ', 2);
  END IF;
  NEW.seq := last_seq + 1;
  NEW.prev_hash := last_hash;
  NEW.hash := carepoint_audit_hash(NEW);
  PERFORM set_config('carepoint.audit_head', NEW.seq || ' ' || NEW.hash, true);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION carepoint_audit_chain();
--> statement-breakpoint
CREATE FUNCTION carepoint_audit_chain_head() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head text := current_setting('carepoint.audit_head', true);
BEGIN
  IF head IS NOT NULL AND head <> '' THEN
    UPDATE audit_chain SET seq = split_part(head, ' ', 1)::bigint, hash = split_part(head, ' ', 2);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain_head AFTER INSERT ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_audit_chain_head();
--> statement-breakpoint
CREATE FUNCTION carepoint_audit_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff timestamptz := nullif(current_setting('carepoint.audit_purge', true), '')::timestamptz;
BEGIN
  IF TG_OP = 'DELETE' AND cutoff IS NOT NULL AND cutoff <= now() - interval '6 years' THEN
    IF OLD.at < cutoff THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_events rows cannot be changed or deleted (%)', TG_OP
    USING ERRCODE = 'insufficient_privilege',
      HINT = 'Rows leave the audit trail only by the retention purge (AUDIT_KEEP_YEARS).';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_immutable BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION carepoint_audit_immutable();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_audit_immutable();
