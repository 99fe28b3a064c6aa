CREATE TYPE "public"."appointment_type" AS ENUM('checkup', 'surgery');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('male', 'female', 'other');--> statement-breakpoint
CREATE TYPE "public"."blood_group" AS ENUM('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-');--> statement-breakpoint
CREATE TYPE "public"."vital_source" AS ENUM('chart', 'triage');--> statement-breakpoint
CREATE TABLE "appointment_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"from_status" "appointment_status",
	"to_status" "appointment_status" NOT NULL,
	"actor_id" uuid,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "patient_medical_details" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"blood_group" "blood_group",
	"treatment" text,
	"ongoing_surgeries" text,
	"allergies" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "triage_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid,
	"patient_name" text NOT NULL,
	"complaint" text DEFAULT '' NOT NULL,
	"vital_signs_id" uuid,
	"score" smallint NOT NULL,
	"priority" "triage_level" NOT NULL,
	"suggested_department" "department" NOT NULL,
	"department" "department" NOT NULL,
	"routing_reason" text,
	"er_entry_id" uuid,
	"queue_entry_id" uuid,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vital_signs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by" uuid,
	"source" "vital_source" NOT NULL,
	"heart_rate" smallint,
	"systolic" smallint,
	"diastolic" smallint,
	"temperature" numeric(4, 1),
	"respiratory_rate" smallint,
	"oxygen_saturation" smallint,
	"weight" numeric(5, 1),
	"height" numeric(4, 1),
	"blood_glucose" smallint
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "type" "appointment_type" DEFAULT 'checkup' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "patient_age" smallint;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "experience_years" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" "gender";--> statement-breakpoint
ALTER TABLE "appointment_status_events" ADD CONSTRAINT "appointment_status_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_status_events" ADD CONSTRAINT "appointment_status_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_medical_details" ADD CONSTRAINT "patient_medical_details_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_medical_details" ADD CONSTRAINT "patient_medical_details_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_assessments" ADD CONSTRAINT "triage_assessments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_assessments" ADD CONSTRAINT "triage_assessments_vital_signs_id_vital_signs_id_fk" FOREIGN KEY ("vital_signs_id") REFERENCES "public"."vital_signs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_assessments" ADD CONSTRAINT "triage_assessments_er_entry_id_er_entries_id_fk" FOREIGN KEY ("er_entry_id") REFERENCES "public"."er_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_assessments" ADD CONSTRAINT "triage_assessments_queue_entry_id_queue_entries_id_fk" FOREIGN KEY ("queue_entry_id") REFERENCES "public"."queue_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triage_assessments" ADD CONSTRAINT "triage_assessments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_signs" ADD CONSTRAINT "vital_signs_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_signs" ADD CONSTRAINT "vital_signs_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_status_events_appointment_idx" ON "appointment_status_events" USING btree ("appointment_id","at");--> statement-breakpoint
CREATE INDEX "triage_recorded_idx" ON "triage_assessments" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "triage_patient_idx" ON "triage_assessments" USING btree ("patient_id","recorded_at");--> statement-breakpoint
CREATE INDEX "vital_signs_patient_recorded_idx" ON "vital_signs" USING btree ("patient_id","recorded_at" DESC NULLS LAST);