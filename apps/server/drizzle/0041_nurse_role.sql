ALTER TYPE "public"."user_role" ADD VALUE 'nurse';--> statement-breakpoint
-- hand-written below
-- Nurses become accounts with the role nurse. A value added to an enum cannot be used in the
-- transaction that added it, and the pending migrations run in one transaction, so user_role is
-- made again instead (a type made in this transaction may be used at once): the triggers, index
-- and check that name users.role are dropped around the change and made again as they were.
DROP TRIGGER "users_patient_record_number" ON "users";--> statement-breakpoint
DROP TRIGGER "users_notify_sessions" ON "users";--> statement-breakpoint
DROP INDEX "users_record_number_unique";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_record_number_patients_only";--> statement-breakpoint
ALTER TYPE "public"."user_role" RENAME TO "user_role_before_nurse";--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('admin', 'doctor', 'patient', 'nurse');--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE "public"."user_role" USING "role"::text::"public"."user_role";--> statement-breakpoint
DROP TYPE "public"."user_role_before_nurse";--> statement-breakpoint
CREATE TRIGGER users_patient_record_number BEFORE INSERT ON users FOR EACH ROW
  WHEN (NEW.role = 'patient' AND NEW.record_number IS NULL)
  EXECUTE FUNCTION carepoint_patient_record_number();--> statement-breakpoint
CREATE TRIGGER users_notify_sessions AFTER UPDATE ON users FOR EACH ROW
  WHEN (
    OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.email IS DISTINCT FROM NEW.email OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.must_change_password IS DISTINCT FROM NEW.must_change_password
    OR OLD.password_hash IS DISTINCT FROM NEW.password_hash
  )
  EXECUTE FUNCTION carepoint_notify_session_user();--> statement-breakpoint
CREATE UNIQUE INDEX "users_record_number_unique" ON "users" USING btree ("record_number") WHERE "users"."role" = 'patient';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_record_number_patients_only" CHECK (("users"."role" = 'patient') = ("users"."record_number" is not null));--> statement-breakpoint
-- One person, one account: a nurse whose e-mail another account already has stops the upgrade
-- (nothing is changed) and names the address, for an admin to change one of the two first.
DO $$
DECLARE taken text;
BEGIN
  SELECT n.email INTO taken FROM nurses n JOIN users u ON u.email = lower(n.email) LIMIT 1;
  IF taken IS NOT NULL THEN
    RAISE EXCEPTION 'The nurse % has the e-mail of an existing account: give one of them another address, then start again', taken;
  END IF;
END $$;--> statement-breakpoint
-- Each nurse's account keeps the nurse's id (the Manage Nurses ids stay), e-mail and creation
-- time; the full name is split at its first space (the rest is the last name, empty for one
-- word). No password anyone knows: the nurse chooses one with "Forgot Password".
INSERT INTO "users" ("id", "email", "password_hash", "role", "first_name", "last_name", "status", "created_at", "updated_at")
SELECT "id", lower("email"), '!no-password-yet', 'nurse',
       regexp_replace(btrim("full_name"), '\s.*$', ''),
       btrim(regexp_replace(btrim("full_name"), '^\S+', '')),
       'Active', "created_at", "updated_at"
  FROM "nurses";
