CREATE TYPE "public"."billable_service_kind" AS ENUM('consultation', 'bed-day', 'lab-test', 'medicine', 'procedure', 'report');--> statement-breakpoint
CREATE TYPE "public"."markup_base" AS ENUM('unit-cost', 'formulary-price');--> statement-breakpoint
CREATE TYPE "public"."payer_kind" AS ENUM('self-pay', 'nhia', 'hmo');--> statement-breakpoint
CREATE TABLE "billable_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "billable_service_kind" NOT NULL,
	"code" text,
	"name" text,
	"ward_kind" "ward_kind",
	"lab_test_id" uuid,
	"medicine_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billable_services_bed_day" CHECK (("billable_services"."kind" = 'bed-day') = ("billable_services"."ward_kind" is not null)),
	CONSTRAINT "billable_services_lab_test" CHECK (("billable_services"."kind" = 'lab-test') = ("billable_services"."lab_test_id" is not null)),
	CONSTRAINT "billable_services_medicine" CHECK (("billable_services"."kind" = 'medicine') = ("billable_services"."medicine_id" is not null)),
	CONSTRAINT "billable_services_named" CHECK (("billable_services"."kind" in ('lab-test', 'medicine')) = ("billable_services"."name" is null) and ("billable_services"."kind" in ('lab-test', 'medicine') or "billable_services"."code" is not null))
);
--> statement-breakpoint
CREATE TABLE "payers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "payer_kind" NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"contact" text,
	"markup_bp" integer,
	"markup_base" "markup_base" DEFAULT 'unit-cost' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payers_self_pay_active" CHECK ("payers"."kind" <> 'self-pay' or "payers"."active"),
	CONSTRAINT "payers_markup" CHECK ("payers"."markup_bp" is null or "payers"."markup_bp" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "service_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payer_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_prices_amount" CHECK ("service_prices"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "billable_services" ADD CONSTRAINT "billable_services_lab_test_id_lab_tests_id_fk" FOREIGN KEY ("lab_test_id") REFERENCES "public"."lab_tests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billable_services" ADD CONSTRAINT "billable_services_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_prices" ADD CONSTRAINT "service_prices_payer_id_payers_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."payers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_prices" ADD CONSTRAINT "service_prices_service_id_billable_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."billable_services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_prices" ADD CONSTRAINT "service_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billable_services_code_unique" ON "billable_services" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "billable_services_ward_kind_unique" ON "billable_services" USING btree ("ward_kind");--> statement-breakpoint
CREATE UNIQUE INDEX "billable_services_lab_test_unique" ON "billable_services" USING btree ("lab_test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billable_services_medicine_unique" ON "billable_services" USING btree ("medicine_id");--> statement-breakpoint
CREATE INDEX "billable_services_kind_idx" ON "billable_services" USING btree ("kind");--> statement-breakpoint
CREATE UNIQUE INDEX "payers_name_unique" ON "payers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "payers_code_unique" ON "payers" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "payers_one_self_pay" ON "payers" USING btree ("kind") WHERE "payers"."kind" = 'self-pay';--> statement-breakpoint
CREATE UNIQUE INDEX "payers_one_nhia" ON "payers" USING btree ("kind") WHERE "payers"."kind" = 'nhia';--> statement-breakpoint
CREATE UNIQUE INDEX "service_prices_unique" ON "service_prices" USING btree ("payer_id","service_id","effective_from");--> statement-breakpoint
CREATE INDEX "service_prices_service_idx" ON "service_prices" USING btree ("service_id");;--> statement-breakpoint
-- hand-written below
-- Cashiers sign in with the role cashier. As in 0041, 0051 and 0056, user_role is made again
-- rather than only extended (a value added in a transaction cannot be used in it, and the pending
-- migrations run in one): the triggers, index and check that name users.role are dropped around
-- the change and made again as they were.
DROP TRIGGER "users_patient_record_number" ON "users";--> statement-breakpoint
DROP TRIGGER "users_notify_sessions" ON "users";--> statement-breakpoint
DROP INDEX "users_record_number_unique";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_record_number_patients_only";--> statement-breakpoint
ALTER TYPE "public"."user_role" RENAME TO "user_role_before_cashier";--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('admin', 'doctor', 'patient', 'nurse', 'lab', 'pharmacist', 'cashier');--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE "public"."user_role" USING "role"::text::"public"."user_role";--> statement-breakpoint
DROP TYPE "public"."user_role_before_cashier";--> statement-breakpoint
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
-- Prices are append-only: a change is a new row from a later date, so the price in force on any
-- past day, and every charge made at it, stays as it was.
CREATE FUNCTION carepoint_service_prices_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'service_prices rows cannot be changed or deleted (%)', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Set a new price from a later date.';
END $$;
--> statement-breakpoint
CREATE TRIGGER service_prices_append_only BEFORE UPDATE OR DELETE ON service_prices
  FOR EACH ROW EXECUTE FUNCTION carepoint_service_prices_append_only();--> statement-breakpoint
-- Every lab test and every medicine is a billable service, referenced, never copied: the ones
-- there now, and each one added later (the shipped catalogues load after the migrations).
CREATE FUNCTION carepoint_billable_lab_test() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO billable_services (kind, lab_test_id) VALUES ('lab-test', NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lab_tests_billable AFTER INSERT ON lab_tests
  FOR EACH ROW EXECUTE FUNCTION carepoint_billable_lab_test();--> statement-breakpoint
CREATE FUNCTION carepoint_billable_medicine() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO billable_services (kind, medicine_id) VALUES ('medicine', NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER medicines_billable AFTER INSERT ON medicines
  FOR EACH ROW EXECUTE FUNCTION carepoint_billable_medicine();--> statement-breakpoint
INSERT INTO billable_services (kind, lab_test_id) SELECT 'lab-test', id FROM lab_tests;--> statement-breakpoint
INSERT INTO billable_services (kind, medicine_id) SELECT 'medicine', id FROM medicines;--> statement-breakpoint
-- A bed-day per ward kind, and the consultations by kind (an administrator adds more, and
-- procedures and reports).
INSERT INTO billable_services (kind, ward_kind, code, name)
  SELECT 'bed-day', k.kind, 'BED-' || upper(replace(k.kind::text, ' ', '-')), k.kind::text || ' ward bed-day'
  FROM unnest(enum_range(NULL::ward_kind)) AS k(kind);--> statement-breakpoint
INSERT INTO billable_services (kind, code, name) VALUES
  ('consultation', 'CONS-GP', 'General consultation'),
  ('consultation', 'CONS-SPEC', 'Specialist consultation'),
  ('consultation', 'CONS-FU', 'Follow-up consultation'),
  ('consultation', 'CONS-ER', 'Emergency consultation');--> statement-breakpoint
-- The one self-pay payer, the default, whose list every other payer's missing services fall back to.
INSERT INTO payers (kind, name) VALUES ('self-pay', 'Self-pay');--> statement-breakpoint
CREATE TRIGGER payers_touch_updated_at BEFORE UPDATE ON payers FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();
