CREATE TYPE "public"."birth_sex" AS ENUM('Female', 'Male', 'Undetermined');--> statement-breakpoint
CREATE TYPE "public"."delivery_method" AS ENUM('Spontaneous vaginal', 'Assisted vaginal', 'Caesarean section');--> statement-breakpoint
CREATE TYPE "public"."investigation_status" AS ENUM('Pending', 'In Progress', 'Completed');--> statement-breakpoint
CREATE TYPE "public"."operation_outcome" AS ENUM('Successful', 'With complications', 'Unsuccessful');--> statement-breakpoint
CREATE TYPE "public"."report_kind" AS ENUM('birth', 'death', 'investigation', 'operation');--> statement-breakpoint
CREATE TABLE "report_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "report_kind" NOT NULL,
	"case_id" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"occurred_on" date NOT NULL,
	"occurred_time" time,
	"child_name" text,
	"sex" "birth_sex",
	"weight_kg" numeric(4, 2),
	"delivery" "delivery_method",
	"cause" text,
	"title" text,
	"status" "investigation_status",
	"outcome" "operation_outcome",
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_kind_fields" CHECK (case "reports"."kind"
        when 'birth' then "reports"."child_name" is not null and "reports"."sex" is not null and "reports"."weight_kg" is not null
          and "reports"."delivery" is not null and "reports"."occurred_time" is not null
        when 'death' then "reports"."cause" is not null and "reports"."occurred_time" is not null
        when 'investigation' then "reports"."title" is not null and "reports"."status" is not null
        when 'operation' then "reports"."title" is not null and "reports"."outcome" is not null
      end)
);
--> statement-breakpoint
ALTER TABLE "report_attachments" ADD CONSTRAINT "report_attachments_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_attachments" ADD CONSTRAINT "report_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_attachments_report_idx" ON "report_attachments" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_case_id_idx" ON "reports" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "reports_kind_date_idx" ON "reports" USING btree ("kind","occurred_on" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "reports_patient_date_idx" ON "reports" USING btree ("patient_id","occurred_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_author_idx" ON "reports" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "reports_search_trgm_idx" ON "reports" USING gin (("case_id" || ' ' || coalesce("title", '') || ' ' || coalesce("child_name", '')) gin_trgm_ops);