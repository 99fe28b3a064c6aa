CREATE TYPE "public"."claim_status" AS ENUM('draft', 'submitted', 'part-settled', 'settled');--> statement-breakpoint
CREATE TYPE "public"."remittance_outcome" AS ENUM('paid', 'part-paid', 'denied');--> statement-breakpoint
CREATE TABLE "claim_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"coverage_id" uuid NOT NULL,
	"member_number" text NOT NULL,
	"appointment_id" uuid,
	"stay_id" uuid,
	"care_date" date NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"diagnosis_code" text,
	"diagnosis_title" text,
	"preauth_required" boolean DEFAULT false NOT NULL,
	"preauth_code" text,
	"outcome" "remittance_outcome",
	"paid_amount" bigint,
	"denial_reason" text,
	"remitted_at" timestamp with time zone,
	"remitted_by" uuid,
	"resubmits_line_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_lines_amount" CHECK ("claim_lines"."quantity" > 0 and "claim_lines"."amount" >= 0),
	CONSTRAINT "claim_lines_diagnosis" CHECK (("claim_lines"."diagnosis_code" is null) = ("claim_lines"."diagnosis_title" is null)),
	CONSTRAINT "claim_lines_remittance" CHECK (("claim_lines"."outcome" is null and "claim_lines"."paid_amount" is null and "claim_lines"."remitted_at" is null and "claim_lines"."denial_reason" is null)
        or ("claim_lines"."outcome" = 'paid' and "claim_lines"."paid_amount" = "claim_lines"."amount" and "claim_lines"."remitted_at" is not null and "claim_lines"."denial_reason" is null)
        or ("claim_lines"."outcome" = 'part-paid' and "claim_lines"."paid_amount" > 0 and "claim_lines"."paid_amount" < "claim_lines"."amount" and "claim_lines"."remitted_at" is not null and "claim_lines"."denial_reason" is null)
        or ("claim_lines"."outcome" = 'denied' and "claim_lines"."paid_amount" = 0 and "claim_lines"."remitted_at" is not null and length(trim("claim_lines"."denial_reason")) > 0))
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"payer_id" uuid NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" "claim_status" DEFAULT 'draft' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"flagged_count" integer DEFAULT 0 NOT NULL,
	"total_claimed" bigint DEFAULT 0 NOT NULL,
	"total_paid" bigint DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_period" CHECK ("claims"."period_to" >= "claims"."period_from"),
	CONSTRAINT "claims_submitted" CHECK (("claims"."status" = 'draft') = ("claims"."submitted_at" is null)),
	CONSTRAINT "claims_totals" CHECK ("claims"."total_paid" >= 0 and "claims"."total_paid" <= "claims"."total_claimed")
);
--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_remitted_by_users_id_fk" FOREIGN KEY ("remitted_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_resubmits_line_id_claim_lines_id_fk" FOREIGN KEY ("resubmits_line_id") REFERENCES "public"."claim_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_payer_id_payers_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."payers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_lines_charge_live" ON "claim_lines" USING btree ("charge_id") WHERE "claim_lines"."outcome" is null or "claim_lines"."outcome" <> 'denied';--> statement-breakpoint
CREATE UNIQUE INDEX "claim_lines_resubmits_unique" ON "claim_lines" USING btree ("resubmits_line_id");--> statement-breakpoint
CREATE INDEX "claim_lines_claim_idx" ON "claim_lines" USING btree ("claim_id","patient_id","care_date");--> statement-breakpoint
CREATE INDEX "claim_lines_patient_idx" ON "claim_lines" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_number_unique" ON "claims" USING btree ("number");--> statement-breakpoint
CREATE INDEX "claims_payer_idx" ON "claims" USING btree ("payer_id","period_from");--> statement-breakpoint
CREATE INDEX "claims_created_idx" ON "claims" USING btree ("created_at");--> statement-breakpoint
-- A charge on a live claim line (not denied) is the payer's to pay or refuse: voiding it would
-- leave the claim asking for care the bill no longer shows. The charges' void gets this error
-- (SQLSTATE 23000, constraint charges_claimed) and answers 409 (modules/billing-claims/void-guard.ts).
CREATE FUNCTION carepoint_charges_refuse_void_claimed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM claim_lines
             WHERE charge_id = NEW.id AND (outcome IS NULL OR outcome <> 'denied')) THEN
    RAISE EXCEPTION 'charge % is on a claim and cannot be voided', NEW.id
      USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'charges_claimed';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER charges_refuse_void_claimed BEFORE UPDATE OF status ON charges FOR EACH ROW
  WHEN (NEW.status = 'void' AND OLD.status IS DISTINCT FROM 'void')
  EXECUTE FUNCTION carepoint_charges_refuse_void_claimed();
