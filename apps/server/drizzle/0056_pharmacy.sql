CREATE TYPE "public"."medicine_form" AS ENUM('Tablet', 'Dispersible tablet', 'Capsule', 'Syrup', 'Suspension', 'Oral solution', 'Sachet', 'Injection', 'Infusion', 'Cream', 'Ointment', 'Gel', 'Eye drops', 'Eye ointment', 'Ear drops', 'Nasal drops', 'Inhaler', 'Suppository', 'Pessary', 'Patch');--> statement-breakpoint
CREATE TYPE "public"."stock_movement_kind" AS ENUM('receipt', 'transfer_out', 'transfer_in', 'return', 'adjustment', 'dispense', 'administration', 'count');--> statement-breakpoint
CREATE TYPE "public"."store_kind" AS ENUM('main', 'ward');--> statement-breakpoint
ALTER TYPE "public"."medication_route" ADD VALUE 'Ophthalmic';--> statement-breakpoint
ALTER TYPE "public"."medication_route" ADD VALUE 'Otic';--> statement-breakpoint
ALTER TYPE "public"."medication_route" ADD VALUE 'Nasal';--> statement-breakpoint
ALTER TYPE "public"."medication_route" ADD VALUE 'Vaginal';--> statement-breakpoint
CREATE TABLE "medicines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"generic_name" text NOT NULL,
	"brand_name" text,
	"strength" text NOT NULL,
	"form" "medicine_form" NOT NULL,
	"route" "medication_route" NOT NULL,
	"dispensing_unit" text NOT NULL,
	"reorder_level" integer DEFAULT 0 NOT NULL,
	"controlled" boolean DEFAULT false NOT NULL,
	"atc_code" text,
	"active" boolean DEFAULT true NOT NULL,
	"price" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medicines_reorder_level" CHECK ("medicines"."reorder_level" >= 0),
	CONSTRAINT "medicines_price" CHECK ("medicines"."price" is null or "medicines"."price" >= 0),
	CONSTRAINT "medicines_atc_code" CHECK ("medicines"."atc_code" is null or "medicines"."atc_code" ~ '^[A-Z][0-9]{2}[A-Z]{2}[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"store_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_store_id_batch_id_pk" PRIMARY KEY("store_id","batch_id"),
	CONSTRAINT "stock_balances_quantity" CHECK ("stock_balances"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"medicine_id" uuid NOT NULL,
	"batch_number" text NOT NULL,
	"expiry_date" date NOT NULL,
	"unit_cost" bigint NOT NULL,
	"supplier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_batches_unit_cost" CHECK ("stock_batches"."unit_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"kind" "stock_movement_kind" NOT NULL,
	"store_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text,
	"supplier" text,
	"invoice_number" text,
	"other_store_id" uuid,
	"performed_by" uuid NOT NULL,
	"performed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_movements_quantity" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_balance_after" CHECK ("stock_movements"."balance_after" >= 0),
	CONSTRAINT "stock_movements_direction" CHECK (("stock_movements"."kind" not in ('receipt', 'transfer_in') or "stock_movements"."quantity" > 0) and ("stock_movements"."kind" not in ('transfer_out', 'dispense', 'administration') or "stock_movements"."quantity" < 0)),
	CONSTRAINT "stock_movements_reason" CHECK ("stock_movements"."kind" not in ('return', 'adjustment', 'count') or ("stock_movements"."reason" is not null and length(trim("stock_movements"."reason")) > 0)),
	CONSTRAINT "stock_movements_receipt" CHECK (("stock_movements"."kind" = 'receipt') = ("stock_movements"."supplier" is not null) and ("stock_movements"."kind" = 'receipt' or "stock_movements"."invoice_number" is null)),
	CONSTRAINT "stock_movements_transfer" CHECK (("stock_movements"."kind" in ('transfer_out', 'transfer_in')) = ("stock_movements"."other_store_id" is not null) and "stock_movements"."other_store_id" is distinct from "stock_movements"."store_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" "store_kind" NOT NULL,
	"ward_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_ward" CHECK (("stores"."kind" = 'ward') = ("stores"."ward_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_other_store_id_stores_id_fk" FOREIGN KEY ("other_store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_performed_by_users_id_fk" FOREIGN KEY ("performed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medicines_unique" ON "medicines" USING btree (lower("generic_name"),lower("strength"),"form");--> statement-breakpoint
CREATE INDEX "medicines_atc_idx" ON "medicines" USING btree ("atc_code");--> statement-breakpoint
CREATE INDEX "medicines_updated_idx" ON "medicines" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "stock_balances_batch_idx" ON "stock_balances" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_batches_unique" ON "stock_batches" USING btree ("medicine_id",lower("batch_number"));--> statement-breakpoint
CREATE INDEX "stock_batches_medicine_expiry_idx" ON "stock_batches" USING btree ("medicine_id","expiry_date");--> statement-breakpoint
CREATE INDEX "stock_batches_expiry_idx" ON "stock_batches" USING btree ("expiry_date");--> statement-breakpoint
CREATE INDEX "stock_movements_store_idx" ON "stock_movements" USING btree ("store_id","performed_at");--> statement-breakpoint
CREATE INDEX "stock_movements_batch_idx" ON "stock_movements" USING btree ("batch_id","performed_at");--> statement-breakpoint
CREATE INDEX "stock_movements_performed_idx" ON "stock_movements" USING btree ("performed_at");--> statement-breakpoint
CREATE INDEX "stock_movements_operation_idx" ON "stock_movements" USING btree ("operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_name_unique" ON "stores" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "stores_ward_unique" ON "stores" USING btree ("ward_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_one_main" ON "stores" USING btree ("kind") WHERE "stores"."kind" = 'main';;--> statement-breakpoint
-- hand-written below
-- Pharmacists sign in with the role pharmacist. As in 0041 and 0051, user_role is made again
-- rather than only extended (a value added in a transaction cannot be used in it, and the pending
-- migrations run in one): the triggers, index and check that name users.role are dropped around
-- the change and made again as they were. (medication_route is only extended: no migration uses
-- its new routes, which the formulary's medicines take once committed.)
DROP TRIGGER "users_patient_record_number" ON "users";--> statement-breakpoint
DROP TRIGGER "users_notify_sessions" ON "users";--> statement-breakpoint
DROP INDEX "users_record_number_unique";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_record_number_patients_only";--> statement-breakpoint
ALTER TYPE "public"."user_role" RENAME TO "user_role_before_pharmacist";--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('admin', 'doctor', 'patient', 'nurse', 'lab', 'pharmacist');--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE "public"."user_role" USING "role"::text::"public"."user_role";--> statement-breakpoint
DROP TYPE "public"."user_role_before_pharmacist";--> statement-breakpoint
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
-- The stock ledger is append-only: a wrong movement is put right by another (an adjustment, a
-- return), so the ledger always adds up to the balances and says who did what.
CREATE FUNCTION carepoint_stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_movements rows cannot be changed or deleted (%)', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Write a correcting movement: an adjustment or a return.';
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION carepoint_stock_movements_append_only();--> statement-breakpoint
-- Exactly one main pharmacy: the partial unique index stores_one_main allows no second, and this
-- is the first. Ward stores are made when stock first goes to a ward.
INSERT INTO "stores" ("name", "kind") VALUES ('Main Pharmacy', 'main');--> statement-breakpoint
-- The formulary behind FHIR Medication moves its version with any change, as every such table does (0029).
CREATE TRIGGER medicines_touch_updated_at BEFORE UPDATE ON medicines FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();
