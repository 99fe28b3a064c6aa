CREATE TABLE "discharge_summaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"principal_code" text,
	"principal_title" text,
	"principal_text" text,
	"secondary_diagnoses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"procedures" text,
	"course" text,
	"medicines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"follow_up_instructions" text,
	"follow_up_appointment_id" uuid,
	"signed_by_id" uuid,
	"signed_at" timestamp with time zone,
	"pdf" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discharge_summaries_principal_code" CHECK (("discharge_summaries"."principal_code" is null) = ("discharge_summaries"."principal_title" is null)),
	CONSTRAINT "discharge_summaries_signed" CHECK (("discharge_summaries"."signed_at" is null) = ("discharge_summaries"."signed_by_id" is null) and ("discharge_summaries"."signed_at" is null) = ("discharge_summaries"."pdf" is null))
);
--> statement-breakpoint
ALTER TABLE "discharge_summaries" ADD CONSTRAINT "discharge_summaries_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_summaries" ADD CONSTRAINT "discharge_summaries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_summaries" ADD CONSTRAINT "discharge_summaries_follow_up_appointment_id_appointments_id_fk" FOREIGN KEY ("follow_up_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discharge_summaries" ADD CONSTRAINT "discharge_summaries_signed_by_id_users_id_fk" FOREIGN KEY ("signed_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discharge_summaries_stay_unique" ON "discharge_summaries" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "discharge_summaries_signed_idx" ON "discharge_summaries" USING btree ("signed_at");--> statement-breakpoint
CREATE INDEX "discharge_summaries_updated_idx" ON "discharge_summaries" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "discharge_summaries_follow_up_idx" ON "discharge_summaries" USING btree ("follow_up_appointment_id");--> statement-breakpoint
-- hand-written below
-- A signed summary is final: any change is refused, except the follow-up appointment's link being
-- cleared by its foreign key when that appointment is removed.
CREATE FUNCTION discharge_summaries_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.signed_at IS NOT NULL
     AND (to_jsonb(NEW) - 'follow_up_appointment_id' - 'updated_at')
         IS DISTINCT FROM (to_jsonb(OLD) - 'follow_up_appointment_id' - 'updated_at') THEN
    RAISE EXCEPTION 'discharge summary % is signed and cannot be changed', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER discharge_summaries_final BEFORE UPDATE ON discharge_summaries
  FOR EACH ROW EXECUTE FUNCTION discharge_summaries_final();
