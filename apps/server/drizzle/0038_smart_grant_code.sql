ALTER TABLE "smart_grants" ADD COLUMN "code_hash" text;--> statement-breakpoint
CREATE INDEX "smart_grants_code_idx" ON "smart_grants" USING btree ("code_hash");