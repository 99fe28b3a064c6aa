ALTER TABLE "bulk_exports" ALTER COLUMN "requester_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_exports" ADD COLUMN "requester_app_id" uuid;--> statement-breakpoint
ALTER TABLE "bulk_exports" ADD CONSTRAINT "bulk_exports_requester_app_id_smart_apps_id_fk" FOREIGN KEY ("requester_app_id") REFERENCES "public"."smart_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_exports_one_active_app_idx" ON "bulk_exports" USING btree ("requester_app_id") WHERE status in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "bulk_exports" ADD CONSTRAINT "bulk_exports_one_requester" CHECK (num_nonnulls("bulk_exports"."requester_id", "bulk_exports"."requester_app_id") = 1);