CREATE TABLE "code_system_loads" (
	"system" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnosis_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"code_compact" text GENERATED ALWAYS AS (replace(code, '.', '')) STORED NOT NULL,
	"title" text NOT NULL,
	"title_folded" text GENERATED ALWAYS AS (carepoint_fold(title)) STORED NOT NULL,
	"billable" boolean NOT NULL,
	"category" text NOT NULL,
	"chapter" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "diagnosis_code" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "diagnosis_title" text;--> statement-breakpoint
CREATE INDEX "diagnosis_codes_compact_idx" ON "diagnosis_codes" USING btree ("code_compact" collate "C");--> statement-breakpoint
CREATE INDEX "diagnosis_codes_title_trgm_idx" ON "diagnosis_codes" USING gin ((' ' || "title_folded") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_diagnosis" CHECK (("prescriptions"."diagnosis_code" is null) = ("prescriptions"."diagnosis_title" is null));