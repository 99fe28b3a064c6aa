CREATE TYPE "public"."consciousness_level" AS ENUM('Alert', 'New confusion', 'Voice', 'Pain', 'Unresponsive');--> statement-breakpoint
CREATE TYPE "public"."news2_risk" AS ENUM('Low', 'Low-medium', 'Medium', 'High');--> statement-breakpoint
ALTER TYPE "public"."vital_source" ADD VALUE 'ward';--> statement-breakpoint
CREATE TABLE "observation_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"observation_set_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"risk" "news2_risk" NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	CONSTRAINT "observation_alerts_acknowledged_by" CHECK ("observation_alerts"."acknowledged_at" is not null or "observation_alerts"."acknowledged_by" is null)
);
--> statement-breakpoint
CREATE TABLE "observation_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"vital_signs_id" uuid NOT NULL,
	"recorded_by" uuid,
	"taken_at" timestamp with time zone NOT NULL,
	"spo2_scale" smallint NOT NULL,
	"on_oxygen" boolean NOT NULL,
	"consciousness" "consciousness_level" NOT NULL,
	"score" smallint NOT NULL,
	"risk" "news2_risk" NOT NULL,
	"alerts_doctor" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "observation_sets_vitalSignsId_unique" UNIQUE("vital_signs_id"),
	CONSTRAINT "observation_sets_spo2_scale" CHECK ("observation_sets"."spo2_scale" in (1, 2)),
	CONSTRAINT "observation_sets_score_range" CHECK ("observation_sets"."score" between 0 and 20)
);
--> statement-breakpoint
ALTER TABLE "observation_alerts" ADD CONSTRAINT "observation_alerts_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_alerts" ADD CONSTRAINT "observation_alerts_observation_set_id_observation_sets_id_fk" FOREIGN KEY ("observation_set_id") REFERENCES "public"."observation_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_alerts" ADD CONSTRAINT "observation_alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_sets" ADD CONSTRAINT "observation_sets_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_sets" ADD CONSTRAINT "observation_sets_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_sets" ADD CONSTRAINT "observation_sets_vital_signs_id_vital_signs_id_fk" FOREIGN KEY ("vital_signs_id") REFERENCES "public"."vital_signs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_sets" ADD CONSTRAINT "observation_sets_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "observation_alerts_open_unique" ON "observation_alerts" USING btree ("stay_id") WHERE "observation_alerts"."acknowledged_at" is null;--> statement-breakpoint
CREATE INDEX "observation_alerts_stay_idx" ON "observation_alerts" USING btree ("stay_id","raised_at");--> statement-breakpoint
CREATE INDEX "observation_sets_stay_taken_idx" ON "observation_sets" USING btree ("stay_id","taken_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "observation_sets_patient_taken_idx" ON "observation_sets" USING btree ("patient_id","taken_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "observation_sets_taken_idx" ON "observation_sets" USING btree ("taken_at" DESC NULLS LAST,"id");--> statement-breakpoint
-- hand-written below
-- A set's version (FHIR Observation.meta) moves with any change, as on every table behind FHIR (0029).
CREATE TRIGGER observation_sets_touch_updated_at BEFORE UPDATE ON observation_sets FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();
