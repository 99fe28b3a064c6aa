CREATE TYPE "public"."pharmacy_charge_status" AS ENUM('unbilled', 'billed', 'void');--> statement-breakpoint
CREATE TABLE "dispense_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispense_id" uuid NOT NULL,
	"dispense_line_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"override_reason" text,
	CONSTRAINT "dispense_items_quantity" CHECK ("dispense_items"."quantity" > 0),
	CONSTRAINT "dispense_items_override" CHECK ("dispense_items"."override_reason" is null or length(trim("dispense_items"."override_reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "dispense_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"prescription_medicine_id" uuid NOT NULL,
	"medicine_id" uuid NOT NULL,
	"quantity_prescribed" integer NOT NULL,
	"quantity_dispensed" integer DEFAULT 0 NOT NULL,
	"substitution_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispense_lines_prescribed" CHECK ("dispense_lines"."quantity_prescribed" > 0),
	CONSTRAINT "dispense_lines_dispensed" CHECK ("dispense_lines"."quantity_dispensed" >= 0 and "dispense_lines"."quantity_dispensed" <= "dispense_lines"."quantity_prescribed"),
	CONSTRAINT "dispense_lines_substitution" CHECK ("dispense_lines"."substitution_reason" is null or length(trim("dispense_lines"."substitution_reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "dispenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"dispensed_by" uuid NOT NULL,
	"dispensed_at" timestamp with time zone NOT NULL,
	"counselled" boolean NOT NULL,
	"operation_id" uuid
);
--> statement-breakpoint
CREATE TABLE "pharmacy_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"dispense_item_id" uuid NOT NULL,
	"medicine_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint,
	"status" "pharmacy_charge_status" DEFAULT 'unbilled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pharmacy_charges_quantity" CHECK ("pharmacy_charges"."quantity" > 0),
	CONSTRAINT "pharmacy_charges_price" CHECK ("pharmacy_charges"."unit_price" is null or "pharmacy_charges"."unit_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "dispense_items" ADD CONSTRAINT "dispense_items_dispense_id_dispenses_id_fk" FOREIGN KEY ("dispense_id") REFERENCES "public"."dispenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispense_items" ADD CONSTRAINT "dispense_items_dispense_line_id_dispense_lines_id_fk" FOREIGN KEY ("dispense_line_id") REFERENCES "public"."dispense_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispense_items" ADD CONSTRAINT "dispense_items_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispense_items" ADD CONSTRAINT "dispense_items_movement_id_stock_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispense_lines" ADD CONSTRAINT "dispense_lines_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispense_lines" ADD CONSTRAINT "dispense_lines_prescription_medicine_id_prescription_medicines_id_fk" FOREIGN KEY ("prescription_medicine_id") REFERENCES "public"."prescription_medicines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispense_lines" ADD CONSTRAINT "dispense_lines_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispenses" ADD CONSTRAINT "dispenses_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispenses" ADD CONSTRAINT "dispenses_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispenses" ADD CONSTRAINT "dispenses_dispensed_by_users_id_fk" FOREIGN KEY ("dispensed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_charges" ADD CONSTRAINT "pharmacy_charges_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_charges" ADD CONSTRAINT "pharmacy_charges_dispense_item_id_dispense_items_id_fk" FOREIGN KEY ("dispense_item_id") REFERENCES "public"."dispense_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_charges" ADD CONSTRAINT "pharmacy_charges_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispense_items_movement_unique" ON "dispense_items" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "dispense_items_dispense_idx" ON "dispense_items" USING btree ("dispense_id");--> statement-breakpoint
CREATE INDEX "dispense_items_line_idx" ON "dispense_items" USING btree ("dispense_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dispense_lines_line_unique" ON "dispense_lines" USING btree ("prescription_medicine_id");--> statement-breakpoint
CREATE INDEX "dispense_lines_prescription_idx" ON "dispense_lines" USING btree ("prescription_id");--> statement-breakpoint
CREATE INDEX "dispenses_prescription_idx" ON "dispenses" USING btree ("prescription_id","dispensed_at");--> statement-breakpoint
CREATE INDEX "dispenses_patient_idx" ON "dispenses" USING btree ("patient_id","dispensed_at");--> statement-breakpoint
CREATE INDEX "dispenses_dispensed_idx" ON "dispenses" USING btree ("dispensed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pharmacy_charges_item_unique" ON "pharmacy_charges" USING btree ("dispense_item_id");--> statement-breakpoint
CREATE INDEX "pharmacy_charges_patient_idx" ON "pharmacy_charges" USING btree ("patient_id","status");--> statement-breakpoint
-- An expired batch is never dispensed: the ledger refuses a dispense of a batch whose expiry date
-- is before the day the row is performed, whatever the service checked before (raised as a CHECK
-- violation named stock_movements_not_expired, which the dispensing service answers 409).
CREATE FUNCTION stock_movements_refuse_expired() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'dispense' AND EXISTS (
    SELECT 1 FROM stock_batches b WHERE b.id = NEW.batch_id AND b.expiry_date < NEW.performed_at::date
  ) THEN
    RAISE EXCEPTION 'batch % has expired: it cannot be dispensed', NEW.batch_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'stock_movements_not_expired';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER stock_movements_refuse_expired BEFORE INSERT ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION stock_movements_refuse_expired();
