CREATE TYPE "public"."admit_source" AS ENUM('Emergency', 'Outpatient', 'Planned');--> statement-breakpoint
CREATE TYPE "public"."discharge_disposition" AS ENUM('Home', 'Other facility', 'Against medical advice', 'Died');--> statement-breakpoint
CREATE TYPE "public"."stay_status" AS ENUM('Planned', 'Admitted', 'Discharged', 'Cancelled');--> statement-breakpoint
CREATE TABLE "stay_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"ward_id" uuid NOT NULL,
	"bed_id" uuid,
	"bed_label" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"ward_id" uuid NOT NULL,
	"bed_id" uuid,
	"doctor_id" uuid NOT NULL,
	"status" "stay_status" NOT NULL,
	"admit_source" "admit_source" NOT NULL,
	"reason" text NOT NULL,
	"diagnosis_code" text,
	"diagnosis_title" text,
	"diagnosis_text" text NOT NULL,
	"expected_days" integer,
	"planned_for" date,
	"admitted_at" timestamp with time zone,
	"discharged_at" timestamp with time zone,
	"discharge_disposition" "discharge_disposition",
	"er_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stays_diagnosis" CHECK (("stays"."diagnosis_code" is null) = ("stays"."diagnosis_title" is null)),
	CONSTRAINT "stays_expected_days_range" CHECK ("stays"."expected_days" is null or "stays"."expected_days" between 1 and 365),
	CONSTRAINT "stays_admitted_has_time" CHECK ("stays"."status" in ('Planned', 'Cancelled') or "stays"."admitted_at" is not null),
	CONSTRAINT "stays_discharged_has_time" CHECK (("stays"."status" = 'Discharged') = ("stays"."discharged_at" is not null and "stays"."discharge_disposition" is not null))
);
--> statement-breakpoint
ALTER TABLE "stay_locations" ADD CONSTRAINT "stay_locations_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_locations" ADD CONSTRAINT "stay_locations_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_locations" ADD CONSTRAINT "stay_locations_bed_id_beds_id_fk" FOREIGN KEY ("bed_id") REFERENCES "public"."beds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_bed_id_beds_id_fk" FOREIGN KEY ("bed_id") REFERENCES "public"."beds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_er_entry_id_er_entries_id_fk" FOREIGN KEY ("er_entry_id") REFERENCES "public"."er_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_locations_stay_idx" ON "stay_locations" USING btree ("stay_id","from_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stay_locations_current_unique" ON "stay_locations" USING btree ("stay_id") WHERE "stay_locations"."to_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stays_open_patient_unique" ON "stays" USING btree ("patient_id") WHERE "stays"."status" in ('Planned', 'Admitted');--> statement-breakpoint
CREATE UNIQUE INDEX "stays_open_bed_unique" ON "stays" USING btree ("bed_id") WHERE "stays"."status" in ('Planned', 'Admitted');--> statement-breakpoint
CREATE INDEX "stays_ward_idx" ON "stays" USING btree ("ward_id","status");--> statement-breakpoint
CREATE INDEX "stays_doctor_idx" ON "stays" USING btree ("doctor_id","status");--> statement-breakpoint
CREATE INDEX "stays_patient_idx" ON "stays" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "stays_admitted_idx" ON "stays" USING btree ("admitted_at");--> statement-breakpoint
CREATE INDEX "stays_discharged_idx" ON "stays" USING btree ("discharged_at");--> statement-breakpoint
CREATE INDEX "stays_updated_idx" ON "stays" USING btree ("updated_at");