CREATE TABLE "lab_result_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"result_id" uuid NOT NULL,
	"superseded_result_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lab_result_notices" ADD CONSTRAINT "lab_result_notices_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_result_notices" ADD CONSTRAINT "lab_result_notices_result_id_lab_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."lab_results"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_result_notices" ADD CONSTRAINT "lab_result_notices_superseded_result_id_lab_results_id_fk" FOREIGN KEY ("superseded_result_id") REFERENCES "public"."lab_results"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_result_notices_unique" ON "lab_result_notices" USING btree ("recipient_id","result_id");--> statement-breakpoint
CREATE INDEX "lab_result_notices_unseen_idx" ON "lab_result_notices" USING btree ("recipient_id","created_at") WHERE "lab_result_notices"."seen_at" is null;