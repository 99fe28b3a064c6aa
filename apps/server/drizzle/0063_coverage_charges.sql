CREATE TYPE "public"."charge_source" AS ENUM('consultation', 'bed-day', 'lab-test', 'medicine', 'manual');--> statement-breakpoint
CREATE TYPE "public"."charge_status" AS ENUM('active', 'void');--> statement-breakpoint
CREATE TYPE "public"."patient_share_kind" AS ENUM('percent', 'copay');--> statement-breakpoint
CREATE TYPE "public"."price_basis" AS ENUM('list', 'markup', 'self-pay');--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"payer_id" uuid NOT NULL,
	"coverage_id" uuid,
	"service_id" uuid,
	"description" text,
	"source" charge_source NOT NULL,
	"appointment_id" uuid,
	"stay_id" uuid,
	"night_of" date,
	"lab_order_test_id" uuid,
	"dispense_item_id" uuid,
	"care_date" date NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"payer_amount" bigint NOT NULL,
	"patient_amount" bigint NOT NULL,
	"basis" "price_basis",
	"preauth_required" boolean DEFAULT false NOT NULL,
	"preauth_code" text,
	"reason" text,
	"status" charge_status DEFAULT 'active' NOT NULL,
	"void_reason" text,
	"voided_by" uuid,
	"voided_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_quantity" CHECK ("charges"."quantity" > 0),
	CONSTRAINT "charges_amount" CHECK ("charges"."unit_price" >= 0 and "charges"."amount" = "charges"."unit_price" * "charges"."quantity"),
	CONSTRAINT "charges_split" CHECK ("charges"."payer_amount" >= 0 and "charges"."patient_amount" >= 0 and "charges"."payer_amount" + "charges"."patient_amount" = "charges"."amount"),
	CONSTRAINT "charges_source_ref" CHECK (("charges"."source" <> 'consultation' or "charges"."appointment_id" is not null)
        and ("charges"."source" = 'bed-day') = ("charges"."night_of" is not null)
        and ("charges"."source" <> 'bed-day' or "charges"."stay_id" is not null)
        and ("charges"."source" = 'lab-test') = ("charges"."lab_order_test_id" is not null)
        and ("charges"."source" = 'medicine') = ("charges"."dispense_item_id" is not null)),
	CONSTRAINT "charges_named" CHECK ("charges"."service_id" is not null or ("charges"."source" = 'manual' and length(trim("charges"."description")) > 0)),
	CONSTRAINT "charges_manual_reason" CHECK ("charges"."source" <> 'manual' or length(trim("charges"."reason")) > 0),
	CONSTRAINT "charges_void" CHECK (("charges"."status" = 'void') = ("charges"."voided_at" is not null) and ("charges"."status" <> 'void' or length(trim("charges"."void_reason")) > 0))
);
--> statement-breakpoint
CREATE TABLE "coverage_preauths" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coverage_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coverage_preauths_code" CHECK (length(trim("coverage_preauths"."code")) > 0)
);
--> statement-breakpoint
CREATE TABLE "coverages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"payer_id" uuid NOT NULL,
	"plan" text,
	"member_number" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"share_kind" "patient_share_kind" DEFAULT 'percent' NOT NULL,
	"share_bp" integer,
	"copay_amount" bigint,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coverages_period" CHECK ("coverages"."valid_to" is null or "coverages"."valid_to" >= "coverages"."valid_from"),
	CONSTRAINT "coverages_share" CHECK (("coverages"."share_kind" = 'percent' and "coverages"."share_bp" between 0 and 10000 and "coverages"."copay_amount" is null) or ("coverages"."share_kind" = 'copay' and "coverages"."copay_amount" >= 0 and "coverages"."share_bp" is null))
);
--> statement-breakpoint
CREATE TABLE "payer_preauth_services" (
	"payer_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_payer_id_payers_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."payers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_service_id_billable_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."billable_services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_lab_order_test_id_lab_order_tests_id_fk" FOREIGN KEY ("lab_order_test_id") REFERENCES "public"."lab_order_tests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_dispense_item_id_dispense_items_id_fk" FOREIGN KEY ("dispense_item_id") REFERENCES "public"."dispense_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_preauths" ADD CONSTRAINT "coverage_preauths_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_preauths" ADD CONSTRAINT "coverage_preauths_service_id_billable_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."billable_services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_preauths" ADD CONSTRAINT "coverage_preauths_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_payer_id_payers_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."payers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_preauth_services" ADD CONSTRAINT "payer_preauth_services_payer_id_payers_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."payers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_preauth_services" ADD CONSTRAINT "payer_preauth_services_service_id_billable_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."billable_services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_patient_idx" ON "charges" USING btree ("patient_id","care_date");--> statement-breakpoint
CREATE INDEX "charges_payer_idx" ON "charges" USING btree ("payer_id","care_date");--> statement-breakpoint
CREATE INDEX "charges_coverage_idx" ON "charges" USING btree ("coverage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_appointment_unique" ON "charges" USING btree ("appointment_id") WHERE "charges"."source" = 'consultation';--> statement-breakpoint
CREATE UNIQUE INDEX "charges_night_unique" ON "charges" USING btree ("stay_id","night_of") WHERE "charges"."source" = 'bed-day';--> statement-breakpoint
CREATE UNIQUE INDEX "charges_lab_test_unique" ON "charges" USING btree ("lab_order_test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_dispense_item_unique" ON "charges" USING btree ("dispense_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_preauths_unique" ON "coverage_preauths" USING btree ("coverage_id","service_id","code");--> statement-breakpoint
CREATE INDEX "coverages_patient_idx" ON "coverages" USING btree ("patient_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "coverages_member_unique" ON "coverages" USING btree ("payer_id",lower("member_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "payer_preauth_services_unique" ON "payer_preauth_services" USING btree ("payer_id","service_id");