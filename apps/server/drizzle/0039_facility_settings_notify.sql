-- The facility's details (modules/facility) are a row of settings, read on every public page and
-- printed document through the read cache: a change to settings clears every instance's answers,
-- as a change to users or beds does (0018).
CREATE TRIGGER settings_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
