CREATE TYPE "public"."lab_interpretation" AS ENUM('N', 'L', 'H', 'LL', 'HH', 'A');--> statement-breakpoint
CREATE TYPE "public"."lab_order_state" AS ENUM('Ordered', 'Collected', 'Received', 'In Progress', 'Resulted', 'Verified', 'Cancelled');--> statement-breakpoint
CREATE TYPE "public"."lab_priority" AS ENUM('STAT', 'Urgent', 'Routine');--> statement-breakpoint
CREATE TYPE "public"."lab_result_source" AS ENUM('manual', 'analyser');--> statement-breakpoint
CREATE TYPE "public"."lab_result_status" AS ENUM('preliminary', 'final', 'corrected');--> statement-breakpoint
CREATE TYPE "public"."lab_result_type" AS ENUM('quantity', 'choice', 'text');--> statement-breakpoint
CREATE TYPE "public"."lab_test_kind" AS ENUM('test', 'panel');--> statement-breakpoint
CREATE TYPE "public"."specimen_rejection_reason" AS ENUM('Haemolysed', 'Clotted', 'Insufficient', 'Unlabelled');--> statement-breakpoint
CREATE TYPE "public"."specimen_type" AS ENUM('BLD', 'BLDC', 'SER', 'PLAS', 'UR', 'STL', 'CSF', 'SPT');--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'lab';--> statement-breakpoint
CREATE TABLE "lab_critical_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"result_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"escalated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_critical_alerts_ack" CHECK (("lab_critical_alerts"."acknowledged_at" is null) = ("lab_critical_alerts"."acknowledged_by" is null))
);
--> statement-breakpoint
CREATE TABLE "lab_order_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requisition_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"stay_id" uuid,
	"appointment_id" uuid,
	"priority" "lab_priority" NOT NULL,
	"clinical_note" text,
	"state" "lab_order_state" DEFAULT 'Ordered' NOT NULL,
	"specimen_type" "specimen_type" NOT NULL,
	"container" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_orders_cancelled" CHECK (("lab_orders"."state" = 'Cancelled') = ("lab_orders"."cancelled_at" is not null) and ("lab_orders"."cancelled_at" is null) = ("lab_orders"."cancelled_by" is null))
);
--> statement-breakpoint
CREATE TABLE "lab_panel_members" (
	"panel_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "lab_panel_members_panel_id_test_id_pk" PRIMARY KEY("panel_id","test_id"),
	CONSTRAINT "lab_panel_members_not_self" CHECK ("lab_panel_members"."panel_id" <> "lab_panel_members"."test_id")
);
--> statement-breakpoint
CREATE TABLE "lab_reference_ranges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"sex" "gender",
	"age_from_days" integer DEFAULT 0 NOT NULL,
	"age_to_days" integer,
	"low" numeric(14, 4),
	"high" numeric(14, 4),
	"critical_low" numeric(14, 4),
	"critical_high" numeric(14, 4),
	CONSTRAINT "lab_reference_ranges_ages" CHECK ("lab_reference_ranges"."age_from_days" >= 0 and ("lab_reference_ranges"."age_to_days" is null or "lab_reference_ranges"."age_to_days" > "lab_reference_ranges"."age_from_days")),
	CONSTRAINT "lab_reference_ranges_bounds" CHECK ("lab_reference_ranges"."low" is null or "lab_reference_ranges"."high" is null or "lab_reference_ranges"."low" <= "lab_reference_ranges"."high")
);
--> statement-breakpoint
CREATE TABLE "lab_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"specimen_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"version" smallint DEFAULT 1 NOT NULL,
	"value_quantity" numeric(14, 4),
	"value_text" text,
	"unit" text,
	"interpretation" "lab_interpretation",
	"range_low" numeric(14, 4),
	"range_high" numeric(14, 4),
	"status" "lab_result_status" DEFAULT 'preliminary' NOT NULL,
	"source" "lab_result_source" NOT NULL,
	"hl7_message_id" uuid,
	"entered_by" uuid,
	"entered_at" timestamp with time zone NOT NULL,
	"verified_by" uuid,
	"verified_at" timestamp with time zone,
	"correction_reason" text,
	"superseded_at" timestamp with time zone,
	"shared_with_patient" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_results_value" CHECK ("lab_results"."value_quantity" is not null or "lab_results"."value_text" is not null),
	CONSTRAINT "lab_results_verified" CHECK (("lab_results"."verified_at" is null) = ("lab_results"."verified_by" is null)),
	CONSTRAINT "lab_results_final_verified" CHECK ("lab_results"."status" = 'preliminary' or "lab_results"."verified_at" is not null),
	CONSTRAINT "lab_results_correction" CHECK ("lab_results"."version" = 1 or "lab_results"."correction_reason" is not null),
	CONSTRAINT "lab_results_entered_by" CHECK ("lab_results"."source" = 'analyser' or "lab_results"."entered_by" is not null)
);
--> statement-breakpoint
CREATE TABLE "lab_specimens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"accession" text NOT NULL,
	"specimen_type" "specimen_type" NOT NULL,
	"container" text NOT NULL,
	"collected_at" timestamp with time zone NOT NULL,
	"collected_by" uuid NOT NULL,
	"received_at" timestamp with time zone,
	"received_by" uuid,
	"rejected_at" timestamp with time zone,
	"rejected_by" uuid,
	"rejection_reason" "specimen_rejection_reason",
	"rejection_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_specimens_rejected" CHECK (("lab_specimens"."rejected_at" is null) = ("lab_specimens"."rejected_by" is null) and ("lab_specimens"."rejected_at" is null) = ("lab_specimens"."rejection_reason" is null)),
	CONSTRAINT "lab_specimens_received" CHECK (("lab_specimens"."received_at" is null) = ("lab_specimens"."received_by" is null))
);
--> statement-breakpoint
CREATE TABLE "lab_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"loinc_code" text NOT NULL,
	"kind" "lab_test_kind" NOT NULL,
	"specimen_type" "specimen_type" NOT NULL,
	"container" text NOT NULL,
	"result_type" "lab_result_type",
	"unit" text,
	"decimals" smallint,
	"choices" text[] DEFAULT '{}'::text[] NOT NULL,
	"abnormal_choices" text[] DEFAULT '{}'::text[] NOT NULL,
	"turnaround_minutes" integer NOT NULL,
	"price" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_tests_result_type" CHECK (("lab_tests"."kind" = 'panel') = ("lab_tests"."result_type" is null) and ("lab_tests"."result_type" = 'quantity') = ("lab_tests"."unit" is not null)),
	CONSTRAINT "lab_tests_turnaround" CHECK ("lab_tests"."turnaround_minutes" between 1 and 43200),
	CONSTRAINT "lab_tests_price" CHECK ("lab_tests"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lab_critical_alerts" ADD CONSTRAINT "lab_critical_alerts_result_id_lab_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."lab_results"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_critical_alerts" ADD CONSTRAINT "lab_critical_alerts_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_critical_alerts" ADD CONSTRAINT "lab_critical_alerts_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_critical_alerts" ADD CONSTRAINT "lab_critical_alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_order_tests" ADD CONSTRAINT "lab_order_tests_order_id_lab_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."lab_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_order_tests" ADD CONSTRAINT "lab_order_tests_test_id_lab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."lab_tests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_panel_members" ADD CONSTRAINT "lab_panel_members_panel_id_lab_tests_id_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."lab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_panel_members" ADD CONSTRAINT "lab_panel_members_test_id_lab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."lab_tests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reference_ranges" ADD CONSTRAINT "lab_reference_ranges_test_id_lab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."lab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_order_id_lab_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."lab_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_specimen_id_lab_specimens_id_fk" FOREIGN KEY ("specimen_id") REFERENCES "public"."lab_specimens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_test_id_lab_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."lab_tests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_specimens" ADD CONSTRAINT "lab_specimens_order_id_lab_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."lab_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_specimens" ADD CONSTRAINT "lab_specimens_collected_by_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_specimens" ADD CONSTRAINT "lab_specimens_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_specimens" ADD CONSTRAINT "lab_specimens_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_critical_alerts_result_unique" ON "lab_critical_alerts" USING btree ("result_id");--> statement-breakpoint
CREATE INDEX "lab_critical_alerts_open_idx" ON "lab_critical_alerts" USING btree ("doctor_id","raised_at") WHERE "lab_critical_alerts"."acknowledged_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_order_tests_unique" ON "lab_order_tests" USING btree ("order_id","test_id");--> statement-breakpoint
CREATE INDEX "lab_order_tests_test_idx" ON "lab_order_tests" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "lab_orders_worklist_idx" ON "lab_orders" USING btree ("state","priority","created_at");--> statement-breakpoint
CREATE INDEX "lab_orders_patient_idx" ON "lab_orders" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "lab_orders_requisition_idx" ON "lab_orders" USING btree ("requisition_id");--> statement-breakpoint
CREATE INDEX "lab_orders_stay_idx" ON "lab_orders" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "lab_orders_updated_idx" ON "lab_orders" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "lab_reference_ranges_test_idx" ON "lab_reference_ranges" USING btree ("test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_results_current_unique" ON "lab_results" USING btree ("specimen_id","test_id") WHERE "lab_results"."superseded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_results_version_unique" ON "lab_results" USING btree ("specimen_id","test_id","version");--> statement-breakpoint
CREATE INDEX "lab_results_order_idx" ON "lab_results" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "lab_results_patient_test_idx" ON "lab_results" USING btree ("patient_id","test_id","entered_at");--> statement-breakpoint
CREATE INDEX "lab_results_updated_idx" ON "lab_results" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_specimens_accession_unique" ON "lab_specimens" USING btree ("accession");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_specimens_live_unique" ON "lab_specimens" USING btree ("order_id") WHERE "lab_specimens"."rejected_at" is null;--> statement-breakpoint
CREATE INDEX "lab_specimens_updated_idx" ON "lab_specimens" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_tests_code_unique" ON "lab_tests" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "lab_tests_loinc_idx" ON "lab_tests" USING btree ("loinc_code");--> statement-breakpoint
CREATE INDEX "lab_tests_updated_idx" ON "lab_tests" USING btree ("updated_at");--> statement-breakpoint
-- hand-written below
-- Laboratory scientists sign in with the role lab. As in 0041, user_role is made again rather
-- than only extended (a value added in a transaction cannot be used in it, and the pending
-- migrations run in one): the triggers, index and check that name users.role are dropped around
-- the change and made again as they were.
DROP TRIGGER "users_patient_record_number" ON "users";--> statement-breakpoint
DROP TRIGGER "users_notify_sessions" ON "users";--> statement-breakpoint
DROP INDEX "users_record_number_unique";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_record_number_patients_only";--> statement-breakpoint
ALTER TYPE "public"."user_role" RENAME TO "user_role_before_lab";--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('admin', 'doctor', 'patient', 'nurse', 'lab');--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE "public"."user_role" USING "role"::text::"public"."user_role";--> statement-breakpoint
DROP TYPE "public"."user_role_before_lab";--> statement-breakpoint
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
-- The lab's records behind FHIR (ServiceRequest, Specimen, Observation, DiagnosticReport) move
-- their version with any change, as every such table does (0029).
CREATE TRIGGER lab_orders_touch_updated_at BEFORE UPDATE ON lab_orders FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();--> statement-breakpoint
CREATE TRIGGER lab_specimens_touch_updated_at BEFORE UPDATE ON lab_specimens FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();--> statement-breakpoint
CREATE TRIGGER lab_results_touch_updated_at BEFORE UPDATE ON lab_results FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();--> statement-breakpoint
CREATE TRIGGER lab_tests_touch_updated_at BEFORE UPDATE ON lab_tests FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();
