CREATE TYPE "public"."ward_kind" AS ENUM('General', 'Maternity', 'Paediatric', 'Surgical', 'Intensive care');--> statement-breakpoint
CREATE TYPE "public"."ward_sex_rule" AS ENUM('Mixed', 'Female only', 'Male only');--> statement-breakpoint
ALTER TYPE "public"."bed_status" ADD VALUE 'Reserved';--> statement-breakpoint
ALTER TYPE "public"."bed_status" ADD VALUE 'Cleaning';--> statement-breakpoint
CREATE TABLE "wards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" "ward_kind" DEFAULT 'General' NOT NULL,
	"sex_rule" "ward_sex_rule" DEFAULT 'Mixed' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Without its default and NOT NULL until default_ward_id() exists and the existing beds are in the default ward (below).
ALTER TABLE "beds" ADD COLUMN "ward_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "wards_name_unique" ON "wards" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "wards_name_idx" ON "wards" USING btree ("name");--> statement-breakpoint
CREATE INDEX "wards_kind_idx" ON "wards" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "wards_updated_idx" ON "wards" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wards_default_unique" ON "wards" USING btree ("is_default") WHERE "wards"."is_default";--> statement-breakpoint
ALTER TABLE "beds" ADD CONSTRAINT "beds_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beds_ward_idx" ON "beds" USING btree ("ward_id","label");--> statement-breakpoint
-- hand-written below
-- The default ward, where a bed written without a ward goes (the column's default).
CREATE FUNCTION default_ward_id() RETURNS uuid LANGUAGE sql STABLE AS $$ SELECT id FROM wards WHERE is_default $$;--> statement-breakpoint
INSERT INTO "wards" ("name", "kind", "sex_rule", "is_default") VALUES ('General Ward', 'General', 'Mixed', true);--> statement-breakpoint
-- Every existing bed moves, unchanged and with its patient, into the default ward.
UPDATE "beds" SET "ward_id" = default_ward_id();--> statement-breakpoint
ALTER TABLE "beds" ALTER COLUMN "ward_id" SET DEFAULT default_ward_id();--> statement-breakpoint
ALTER TABLE "beds" ALTER COLUMN "ward_id" SET NOT NULL;--> statement-breakpoint
-- The service never left a patient on a Free bed; the check makes sure nothing ever does.
ALTER TABLE "beds" ADD CONSTRAINT "beds_patient_only_when_held" CHECK ("beds"."patient_id" is null or "beds"."status"::text in ('Occupied', 'Reserved'));
