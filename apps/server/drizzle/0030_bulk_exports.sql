CREATE TABLE "bulk_export_files" (
	"export_id" uuid NOT NULL,
	"resource_type" text NOT NULL,
	"batch" integer NOT NULL,
	"resources" integer NOT NULL,
	"ndjson" text NOT NULL,
	CONSTRAINT "bulk_export_files_export_id_resource_type_batch_pk" PRIMARY KEY("export_id","resource_type","batch")
);
--> statement-breakpoint
CREATE TABLE "bulk_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"level" text NOT NULL,
	"group_id" uuid,
	"types" text[] NOT NULL,
	"since" timestamp with time zone,
	"request_url" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"claim" uuid,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"others_done" boolean DEFAULT false NOT NULL,
	"after_patient" uuid,
	"patients_done" integer DEFAULT 0 NOT NULL,
	"patients_total" integer,
	"batches" integer DEFAULT 0 NOT NULL,
	"error" text,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_export_files" ADD CONSTRAINT "bulk_export_files_export_id_bulk_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."bulk_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_exports" ADD CONSTRAINT "bulk_exports_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_exports_one_active_idx" ON "bulk_exports" USING btree ("requester_id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "bulk_exports_claim_idx" ON "bulk_exports" USING btree ("created_at") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "bulk_exports_expires_idx" ON "bulk_exports" USING btree ("expires_at");