CREATE INDEX "users_search_surname_idx" ON "users" USING btree ("role",(lower("last_name" || ' ' || "first_name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_search_first_name_idx" ON "users" USING btree ("role",(lower("first_name" || ' ' || "last_name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_phone_digits_trgm_idx" ON "users" USING gin (regexp_replace("phone", '\D', '', 'g') gin_trgm_ops);--> statement-breakpoint
-- Session caches (plugins/sessions.ts): every instance LISTENs on carepoint_sessions and drops a
-- cached session when it ends ('s:' || token_hash) or its user changes ('u:' || id). NOTIFY is
-- sent at commit, whatever code path (API, CLI, SQL) made the change.
CREATE FUNCTION carepoint_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carepoint_sessions', 's:' || OLD.token_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION carepoint_notify_session_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carepoint_sessions', 'u:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_end AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at)
  EXECUTE FUNCTION carepoint_notify_session();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions FOR EACH ROW
  EXECUTE FUNCTION carepoint_notify_session();
--> statement-breakpoint
CREATE TRIGGER users_notify_sessions AFTER UPDATE ON users FOR EACH ROW
  WHEN (
    OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.email IS DISTINCT FROM NEW.email OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.must_change_password IS DISTINCT FROM NEW.must_change_password
    OR OLD.password_hash IS DISTINCT FROM NEW.password_hash
  )
  EXECUTE FUNCTION carepoint_notify_session_user();
--> statement-breakpoint
CREATE TRIGGER users_notify_delete AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION carepoint_notify_session_user();
