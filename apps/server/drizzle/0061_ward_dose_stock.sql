ALTER TABLE "medication_administrations" ADD COLUMN "stock_shortfall" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "medication_orders" ADD COLUMN "medicine_id" uuid;--> statement-breakpoint
ALTER TABLE "medication_orders" ADD COLUMN "units_per_dose" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "administration_id" uuid;--> statement-breakpoint
ALTER TABLE "medication_orders" ADD CONSTRAINT "medication_orders_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_administration_id_medication_administrations_id_fk" FOREIGN KEY ("administration_id") REFERENCES "public"."medication_administrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_administration_unique" ON "stock_movements" USING btree ("administration_id","batch_id");--> statement-breakpoint
ALTER TABLE "medication_administrations" ADD CONSTRAINT "medication_administrations_shortfall" CHECK (not "medication_administrations"."stock_shortfall" or "medication_administrations"."outcome" = 'Given');--> statement-breakpoint
ALTER TABLE "medication_orders" ADD CONSTRAINT "medication_orders_units_per_dose" CHECK (("medication_orders"."medicine_id" is null) = ("medication_orders"."units_per_dose" is null) and ("medication_orders"."units_per_dose" is null or "medication_orders"."units_per_dose" > 0));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_administration" CHECK (("stock_movements"."kind" = 'administration') = ("stock_movements"."administration_id" is not null));--> statement-breakpoint
-- An expired batch is never given on the ward either: the ledger's trigger (0058) refuses a ward
-- dose's take (kind administration) of a batch expired before the row's day, as it refuses a
-- dispense; the medication round then records the dose with its stock shortfall.
CREATE OR REPLACE FUNCTION stock_movements_refuse_expired() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind IN ('dispense', 'administration') AND EXISTS (
    SELECT 1 FROM stock_batches b WHERE b.id = NEW.batch_id AND b.expiry_date < NEW.performed_at::date
  ) THEN
    RAISE EXCEPTION 'batch % has expired: it cannot be dispensed or given', NEW.batch_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'stock_movements_not_expired';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- The medication record's read cache (modules/medication-round/mar.ts) shows each order's ward
-- stock: the tables it reads it from announce their changes, as 0059's do.
CREATE TRIGGER medicines_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON medicines
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER stores_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER stock_batches_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock_batches
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
--> statement-breakpoint
CREATE TRIGGER stock_balances_notify_tables AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stock_balances
  FOR EACH STATEMENT EXECUTE FUNCTION carepoint_notify_table();
