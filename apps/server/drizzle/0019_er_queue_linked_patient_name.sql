-- An emergency-room arrival or a queue entry linked to a registered patient shows that patient's
-- name, and only theirs: a typed name must never stand beside a link to someone else (a bed
-- given on the board's name went to another person). The database keeps them one: on every
-- insert or change of the link the name is taken from the patient record, and a patient's
-- rename reaches their entries. Unlinked walk-ins keep the name typed at the desk.
CREATE FUNCTION carepoint_linked_patient_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.patient_id IS NOT NULL THEN
    SELECT u.first_name || ' ' || u.last_name INTO NEW.patient_name FROM users u WHERE u.id = NEW.patient_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER er_entries_linked_patient_name BEFORE INSERT OR UPDATE OF patient_id, patient_name ON er_entries
  FOR EACH ROW EXECUTE FUNCTION carepoint_linked_patient_name();
--> statement-breakpoint
CREATE TRIGGER queue_entries_linked_patient_name BEFORE INSERT OR UPDATE OF patient_id, patient_name ON queue_entries
  FOR EACH ROW EXECUTE FUNCTION carepoint_linked_patient_name();
--> statement-breakpoint
CREATE FUNCTION carepoint_rename_linked_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE er_entries SET patient_name = NEW.first_name || ' ' || NEW.last_name WHERE patient_id = NEW.id;
  UPDATE queue_entries SET patient_name = NEW.first_name || ' ' || NEW.last_name WHERE patient_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_rename_linked_entries AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION carepoint_rename_linked_entries();
--> statement-breakpoint
-- Entries written before this migration (the demo data linked walk-in names to other patients).
UPDATE er_entries e SET patient_name = u.first_name || ' ' || u.last_name FROM users u WHERE u.id = e.patient_id;
--> statement-breakpoint
UPDATE queue_entries q SET patient_name = u.first_name || ' ' || u.last_name FROM users u WHERE u.id = q.patient_id;
