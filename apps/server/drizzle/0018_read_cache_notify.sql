-- Read caches (lib/read-cache.ts): every instance LISTENs on carepoint_tables and drops the
-- answers it keeps when a table they were read from changes. One NOTIFY per statement, sent at
-- commit (identical ones in a transaction fold into one), whatever code path (API, CLI, SQL)
-- made the change; a rolled-back change sends nothing.
CREATE FUNCTION carepoint_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carepoint_tables', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER beds_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON beds
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
