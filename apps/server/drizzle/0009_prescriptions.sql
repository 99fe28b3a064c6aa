CREATE TYPE "public"."diabetic_status" AS ENUM('No', 'Type 1', 'Type 2', 'Gestational', 'Prediabetes');--> statement-breakpoint
CREATE TYPE "public"."medicine_duration" AS ENUM('Only one day', '3 Days', '7 Days', '30 Days');--> statement-breakpoint
CREATE TYPE "public"."medicine_interval" AS ENUM('Daily morning', 'Daily evening', 'Morning and evening');--> statement-breakpoint
CREATE TYPE "public"."medicine_time" AS ENUM('Before Meal', 'After Meal');--> statement-breakpoint
CREATE TYPE "public"."next_visit_unit" AS ENUM('Days', 'Weeks', 'Months');--> statement-breakpoint
CREATE TABLE "prescription_medicines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"dosage" text NOT NULL,
	"duration" "medicine_duration" NOT NULL,
	"time" "medicine_time" NOT NULL,
	"interval" "medicine_interval" NOT NULL,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"appointment_id" uuid,
	"status" boolean DEFAULT true NOT NULL,
	"systolic" smallint,
	"diastolic" smallint,
	"pulse_rate" smallint,
	"temperature" numeric(4, 1),
	"food_allergies" text,
	"diabetic" "diabetic_status",
	"current_medication" text,
	"problem_description" text,
	"test" text,
	"advice" text,
	"next_visit_count" smallint,
	"next_visit_unit" "next_visit_unit",
	"acknowledged_allergies" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescriptions_next_visit" CHECK (("prescriptions"."next_visit_count" is null) = ("prescriptions"."next_visit_unit" is null) and coalesce("prescriptions"."next_visit_count", 1) between 1 and 365),
	CONSTRAINT "prescriptions_pressure" CHECK (("prescriptions"."systolic" is null) = ("prescriptions"."diastolic" is null) and ("prescriptions"."diastolic" is null or "prescriptions"."diastolic" < "prescriptions"."systolic"))
);
--> statement-breakpoint
ALTER TABLE "prescription_medicines" ADD CONSTRAINT "prescription_medicines_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_medicines_position_idx" ON "prescription_medicines" USING btree ("prescription_id","position");--> statement-breakpoint
CREATE INDEX "prescriptions_doctor_created_idx" ON "prescriptions" USING btree ("doctor_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "prescriptions_patient_created_idx" ON "prescriptions" USING btree ("patient_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "prescriptions_created_idx" ON "prescriptions" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "prescriptions_appointment_idx" ON "prescriptions" USING btree ("appointment_id");