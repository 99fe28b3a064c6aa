CREATE TYPE "public"."administration_outcome" AS ENUM('Given', 'Held', 'Refused', 'Not available');--> statement-breakpoint
CREATE TYPE "public"."medication_route" AS ENUM('Oral', 'Intravenous', 'Intramuscular', 'Subcutaneous', 'Inhaled', 'Topical', 'Rectal', 'Sublingual', 'Nasogastric');--> statement-breakpoint
CREATE TYPE "public"."medication_schedule_kind" AS ENUM('times', 'interval', 'prn');--> statement-breakpoint
CREATE TABLE "medication_administrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"scheduled_for" timestamp with time zone,
	"outcome" "administration_outcome" NOT NULL,
	"reason" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"given_at" timestamp with time zone,
	"recorded_by" uuid NOT NULL,
	"witness_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medication_administrations_outcome" CHECK (("medication_administrations"."outcome" = 'Given') = ("medication_administrations"."given_at" is not null) and ("medication_administrations"."outcome" = 'Given' or "medication_administrations"."reason" is not null)),
	CONSTRAINT "medication_administrations_witness_other" CHECK ("medication_administrations"."witness_id" is null or "medication_administrations"."witness_id" <> "medication_administrations"."recorded_by")
);
--> statement-breakpoint
CREATE TABLE "medication_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"medicine" text NOT NULL,
	"dose" text NOT NULL,
	"route" "medication_route" NOT NULL,
	"kind" "medication_schedule_kind" NOT NULL,
	"times" text[] DEFAULT '{}'::text[] NOT NULL,
	"every_hours" integer,
	"min_interval_hours" integer,
	"max_per_day" integer,
	"controlled" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"acknowledged_allergies" text[] DEFAULT '{}'::text[] NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_by" uuid,
	"stop_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medication_orders_schedule" CHECK (("medication_orders"."kind" = 'times' and cardinality("medication_orders"."times") between 1 and 12)
        or ("medication_orders"."kind" = 'interval' and "medication_orders"."every_hours" between 1 and 72)
        or ("medication_orders"."kind" = 'prn' and "medication_orders"."min_interval_hours" between 1 and 72 and "medication_orders"."max_per_day" between 1 and 24)),
	CONSTRAINT "medication_orders_ends_after_start" CHECK ("medication_orders"."ends_at" is null or "medication_orders"."ends_at" > "medication_orders"."starts_at"),
	CONSTRAINT "medication_orders_stopped" CHECK (("medication_orders"."stopped_at" is null) = ("medication_orders"."stopped_by" is null) and ("medication_orders"."stopped_at" is null) = ("medication_orders"."stop_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "medication_administrations" ADD CONSTRAINT "medication_administrations_order_id_medication_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."medication_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_administrations" ADD CONSTRAINT "medication_administrations_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_administrations" ADD CONSTRAINT "medication_administrations_witness_id_users_id_fk" FOREIGN KEY ("witness_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_orders" ADD CONSTRAINT "medication_orders_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_orders" ADD CONSTRAINT "medication_orders_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_orders" ADD CONSTRAINT "medication_orders_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_orders" ADD CONSTRAINT "medication_orders_stopped_by_users_id_fk" FOREIGN KEY ("stopped_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medication_administrations_dose_unique" ON "medication_administrations" USING btree ("order_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "medication_administrations_given_idx" ON "medication_administrations" USING btree ("order_id","given_at");--> statement-breakpoint
CREATE INDEX "medication_administrations_updated_idx" ON "medication_administrations" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "medication_orders_stay_idx" ON "medication_orders" USING btree ("stay_id","starts_at");--> statement-breakpoint
CREATE INDEX "medication_orders_patient_idx" ON "medication_orders" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "medication_orders_updated_idx" ON "medication_orders" USING btree ("updated_at");