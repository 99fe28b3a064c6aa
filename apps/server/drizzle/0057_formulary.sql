ALTER TABLE "prescription_medicines" ADD COLUMN "medicine_id" uuid;--> statement-breakpoint
ALTER TABLE "prescription_medicines" ADD CONSTRAINT "prescription_medicines_medicine_id_medicines_id_fk" FOREIGN KEY ("medicine_id") REFERENCES "public"."medicines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medicines_generic_trgm_idx" ON "medicines" USING gin ("generic_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "medicines_brand_trgm_idx" ON "medicines" USING gin ("brand_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prescription_medicines_medicine_idx" ON "prescription_medicines" USING btree ("medicine_id");