-- Invoices become billing records: Refunded joins the statuses; amounts become bigint kobo (the
-- contract caps keep them exact); the tax rate, payment, cancellation, refund and notes are kept;
-- the appointment gets its foreign key and at most one active (Pending or Paid) invoice.
-- Written to run on a database with invoices in it.
ALTER TYPE "public"."invoice_status" ADD VALUE 'Refunded';--> statement-breakpoint
DROP INDEX "invoice_items_invoice_idx";--> statement-breakpoint
ALTER TABLE "invoice_items" ALTER COLUMN "unit_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoice_items" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "subtotal" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "notes" text;--> statement-breakpoint
-- appointment_id had no foreign key: a reference to an appointment that is gone is dropped first.
UPDATE "invoices" SET "appointment_id" = NULL WHERE "appointment_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "appointments" a WHERE a."id" = "invoices"."appointment_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_doctor_total_idx" ON "invoices" USING btree ("doctor_id","total");--> statement-breakpoint
CREATE INDEX "invoices_doctor_status_idx" ON "invoices" USING btree ("doctor_id","status","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_appointment_active_unique" ON "invoices" USING btree ("appointment_id") WHERE status in ('Pending', 'Paid');--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_rate_valid" CHECK ("invoices"."tax_rate" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_sum" CHECK ("invoices"."total" = "invoices"."subtotal" + "invoices"."tax");