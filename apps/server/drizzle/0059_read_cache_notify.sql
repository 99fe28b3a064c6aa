-- The ward board's and the lab worklist's read cache (modules/stays/board.ts,
-- modules/lab-orders/lists.ts, lib/read-cache.ts): every table they are read from announces its
-- changes as users and beds do (migration 0018), with its name, so a change makes the kept
-- answers read from it stale on every instance and leaves the others alone.
CREATE TRIGGER wards_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON wards
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER stays_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stays
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER patient_medical_details_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON patient_medical_details
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER observation_sets_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON observation_sets
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER medication_orders_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON medication_orders
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER medication_administrations_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON medication_administrations
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER lab_orders_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lab_orders
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER lab_specimens_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lab_specimens
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER lab_order_tests_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lab_order_tests
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER lab_tests_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lab_tests
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
