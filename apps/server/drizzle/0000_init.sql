CREATE TYPE "public"."bed_status" AS ENUM('Free', 'Occupied');--> statement-breakpoint
CREATE TYPE "public"."department" AS ENUM('General', 'Cardiology', 'Pediatrics', 'Orthopedics', 'Radiology', 'ER');--> statement-breakpoint
CREATE TYPE "public"."er_status" AS ENUM('Waiting', 'In Treatment', 'Admitted', 'Discharged');--> statement-breakpoint
CREATE TYPE "public"."queue_status" AS ENUM('Waiting', 'Called', 'Removed');--> statement-breakpoint
CREATE TYPE "public"."triage_level" AS ENUM('Low', 'Medium', 'High', 'Urgent');--> statement-breakpoint
CREATE TYPE "public"."ambulance_status" AS ENUM('Available', 'On Duty', 'Maintenance');--> statement-breakpoint
CREATE TYPE "public"."nurse_status" AS ENUM('Active', 'On Leave', 'On Duty');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('Paid', 'Pending', 'Cancelled');--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"title" text NOT NULL,
	"priority" text NOT NULL,
	"notes" text,
	"date" date NOT NULL,
	"time" time NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status_valid" CHECK ("appointments"."status" in ('Pending', 'Confirmed', 'Completed', 'Cancelled')),
	CONSTRAINT "appointments_priority_valid" CHECK ("appointments"."priority" in ('Low', 'Medium', 'High', 'Urgent')),
	CONSTRAINT "appointments_duration_positive" CHECK ("appointments"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "doctor_schedule_days" (
	"doctor_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"off" boolean DEFAULT false NOT NULL,
	"from_time" time,
	"to_time" time,
	CONSTRAINT "doctor_schedule_days_doctor_id_weekday_pk" PRIMARY KEY("doctor_id","weekday"),
	CONSTRAINT "doctor_schedule_days_weekday" CHECK ("doctor_schedule_days"."weekday" between 1 and 7),
	CONSTRAINT "doctor_schedule_days_hours" CHECK ("doctor_schedule_days"."off" or ("doctor_schedule_days"."from_time" is not null and "doctor_schedule_days"."to_time" is not null and "doctor_schedule_days"."from_time" < "doctor_schedule_days"."to_time"))
);
--> statement-breakpoint
CREATE TABLE "doctor_schedules" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"per_patient_minutes" integer DEFAULT 45 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_schedules_per_patient_range" CHECK ("doctor_schedules"."per_patient_minutes" between 5 and 480)
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_role" text,
	"actor_email" text,
	"action" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"patient_id" uuid,
	"ip" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"persistent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_images" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"size" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"address" text,
	"date_of_birth" date,
	"status" text DEFAULT 'Active' NOT NULL,
	"specialty" text,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"status" "bed_status" DEFAULT 'Free' NOT NULL,
	"patient_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "er_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_name" text NOT NULL,
	"patient_id" uuid,
	"triage_level" "triage_level" NOT NULL,
	"status" "er_status" DEFAULT 'Waiting' NOT NULL,
	"complaint" text DEFAULT '' NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_name" text NOT NULL,
	"patient_id" uuid,
	"department" "department" NOT NULL,
	"triage" "triage_level" NOT NULL,
	"eta_minutes" integer NOT NULL,
	"eta_set_at" timestamp with time zone NOT NULL,
	"status" "queue_status" DEFAULT 'Waiting' NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"called_at" timestamp with time zone,
	"called_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"organisation" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ambulances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"driver_name" text NOT NULL,
	"status" "ambulance_status" DEFAULT 'Available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nurses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"department" text NOT NULL,
	"status" "nurse_status" DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_price" integer NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"appointment_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"status" "invoice_status" DEFAULT 'Pending' NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_schedule_days" ADD CONSTRAINT "doctor_schedule_days_doctor_id_doctor_schedules_doctor_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_schedules"("doctor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_schedules" ADD CONSTRAINT "doctor_schedules_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_images" ADD CONSTRAINT "user_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beds" ADD CONSTRAINT "beds_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "er_entries" ADD CONSTRAINT "er_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_called_by_users_id_fk" FOREIGN KEY ("called_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_doctor_active_start_unique" ON "appointments" USING btree ("doctor_id","starts_at") WHERE status in ('Pending', 'Confirmed');--> statement-breakpoint
CREATE INDEX "appointments_patient_starts_idx" ON "appointments" USING btree ("patient_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_doctor_date_idx" ON "appointments" USING btree ("doctor_id","date");--> statement-breakpoint
CREATE INDEX "appointments_status_starts_idx" ON "appointments" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "audit_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_events" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_patient_idx" ON "audit_events" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "audit_action_idx" ON "audit_events" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_unique" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id") WHERE "sessions"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","last_name","first_name");--> statement-breakpoint
CREATE INDEX "users_role_birth_idx" ON "users" USING btree ("role","date_of_birth");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "beds_label_unique" ON "beds" USING btree (lower("label"));--> statement-breakpoint
CREATE INDEX "beds_label_idx" ON "beds" USING btree ("label");--> statement-breakpoint
CREATE UNIQUE INDEX "beds_patient_unique" ON "beds" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "beds_status_idx" ON "beds" USING btree ("status","label");--> statement-breakpoint
CREATE INDEX "beds_updated_idx" ON "beds" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "er_arrived_idx" ON "er_entries" USING btree ("arrived_at");--> statement-breakpoint
CREATE INDEX "er_status_arrived_idx" ON "er_entries" USING btree ("status","arrived_at");--> statement-breakpoint
CREATE INDEX "er_triage_arrived_idx" ON "er_entries" USING btree ("triage_level","arrived_at");--> statement-breakpoint
CREATE INDEX "er_patient_name_idx" ON "er_entries" USING btree ("patient_name");--> statement-breakpoint
CREATE INDEX "er_left_idx" ON "er_entries" USING btree ("left_at");--> statement-breakpoint
CREATE INDEX "er_patient_idx" ON "er_entries" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "queue_position_idx" ON "queue_entries" USING btree ("status","department","triage" DESC NULLS LAST,"joined_at");--> statement-breakpoint
CREATE INDEX "queue_status_joined_idx" ON "queue_entries" USING btree ("status","joined_at");--> statement-breakpoint
CREATE INDEX "queue_status_triage_idx" ON "queue_entries" USING btree ("status","triage","joined_at");--> statement-breakpoint
CREATE INDEX "queue_status_patient_idx" ON "queue_entries" USING btree ("status","patient_name");--> statement-breakpoint
CREATE INDEX "queue_patient_idx" ON "queue_entries" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "demo_requests_created_idx" ON "demo_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ambulances_code_unique" ON "ambulances" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ambulances_driver_idx" ON "ambulances" USING btree ("driver_name");--> statement-breakpoint
CREATE INDEX "ambulances_status_idx" ON "ambulances" USING btree ("status","code");--> statement-breakpoint
CREATE INDEX "ambulances_created_idx" ON "ambulances" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nurses_email_unique" ON "nurses" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "nurses_email_idx" ON "nurses" USING btree ("email");--> statement-breakpoint
CREATE INDEX "nurses_full_name_idx" ON "nurses" USING btree ("full_name");--> statement-breakpoint
CREATE INDEX "nurses_department_idx" ON "nurses" USING btree ("department","full_name");--> statement-breakpoint
CREATE INDEX "nurses_status_idx" ON "nurses" USING btree ("status","full_name");--> statement-breakpoint
CREATE INDEX "nurses_created_idx" ON "nurses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_patient_idx" ON "invoices" USING btree ("patient_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_doctor_idx" ON "invoices" USING btree ("doctor_id","issued_at");