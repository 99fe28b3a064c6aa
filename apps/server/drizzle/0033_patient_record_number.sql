-- Patient record numbers (decision 0026): "CP-" and the sequence's number, at least 6 digits
-- (CP-000123; CP-1234567 past a million). The database assigns them, so parallel sign-ups and
-- front-desk registrations never share one; a rolled-back registration leaves a gap. Staff have none.
CREATE SEQUENCE "public"."patient_record_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "record_number" text;--> statement-breakpoint
-- The format, in one place: the backfill below and the trigger both use it.
CREATE FUNCTION carepoint_record_number(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'CP-' || lpad(n::text, greatest(6, length(n::text)), '0')
$$;--> statement-breakpoint
-- Existing patients, in the order they registered (then by id, for those registered together).
-- The update moves their updated_at (migration 0029's trigger): their FHIR Patient has changed.
UPDATE "users" SET "record_number" = carepoint_record_number(numbered.n)
FROM (
  SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "users" WHERE "role" = 'patient'
) AS numbered
WHERE "users"."id" = numbered."id";--> statement-breakpoint
-- The next patient continues after the last backfilled one (or starts at 1).
SELECT setval('patient_record_number_seq', greatest(count(*), 1), count(*) > 0) FROM "users" WHERE "role" = 'patient';--> statement-breakpoint
-- Every patient row inserted from now on (sign-up, front desk, seed, tests) takes the next number;
-- a number given explicitly (a restore's rows) is kept. The check below holds staff to none.
CREATE FUNCTION carepoint_patient_record_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.record_number := carepoint_record_number(nextval('patient_record_number_seq'));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_patient_record_number BEFORE INSERT ON users FOR EACH ROW
  WHEN (NEW.role = 'patient' AND NEW.record_number IS NULL)
  EXECUTE FUNCTION carepoint_patient_record_number();--> statement-breakpoint
CREATE UNIQUE INDEX "users_record_number_unique" ON "users" USING btree ("record_number") WHERE "users"."role" = 'patient';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_record_number_patients_only" CHECK (("users"."role" = 'patient') = ("users"."record_number" is not null));
