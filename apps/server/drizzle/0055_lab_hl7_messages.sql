CREATE TYPE "public"."hl7_ack_code" AS ENUM('AA', 'AE', 'AR');--> statement-breakpoint
CREATE TYPE "public"."hl7_message_state" AS ENUM('Filed', 'Unmatched', 'Rejected', 'Duplicate', 'Matched', 'Discarded');--> statement-breakpoint
CREATE TABLE "hl7_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"raw" text NOT NULL,
	"control_id" text,
	"sending_application" text DEFAULT '' NOT NULL,
	"sending_facility" text DEFAULT '' NOT NULL,
	"message_type" text,
	"accession" text,
	"specimen_id" uuid,
	"state" "hl7_message_state" NOT NULL,
	"ack_code" "hl7_ack_code" NOT NULL,
	"error" text,
	"duplicate_of" uuid,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"discard_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hl7_messages_duplicate" CHECK (("hl7_messages"."state" = 'Duplicate') = ("hl7_messages"."duplicate_of" is not null)),
	CONSTRAINT "hl7_messages_handled" CHECK (("hl7_messages"."handled_at" is null) = ("hl7_messages"."handled_by" is null)),
	CONSTRAINT "hl7_messages_filed" CHECK ("hl7_messages"."state" not in ('Filed', 'Matched') or "hl7_messages"."specimen_id" is not null),
	CONSTRAINT "hl7_messages_filed_aa" CHECK ("hl7_messages"."state" <> 'Filed' or "hl7_messages"."ack_code" = 'AA'),
	CONSTRAINT "hl7_messages_discarded" CHECK (("hl7_messages"."state" = 'Discarded') = ("hl7_messages"."discard_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "hl7_messages" ADD CONSTRAINT "hl7_messages_specimen_id_lab_specimens_id_fk" FOREIGN KEY ("specimen_id") REFERENCES "public"."lab_specimens"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_messages" ADD CONSTRAINT "hl7_messages_duplicate_of_hl7_messages_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."hl7_messages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hl7_messages" ADD CONSTRAINT "hl7_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hl7_messages_control_unique" ON "hl7_messages" USING btree ("sending_facility","sending_application","control_id") WHERE "hl7_messages"."duplicate_of" is null and "hl7_messages"."control_id" is not null;--> statement-breakpoint
CREATE INDEX "hl7_messages_inbox_idx" ON "hl7_messages" USING btree ("state","received_at") WHERE "hl7_messages"."state" in ('Unmatched', 'Rejected');--> statement-breakpoint
CREATE INDEX "hl7_messages_received_idx" ON "hl7_messages" USING btree ("received_at");--> statement-breakpoint
-- hand-written below
-- An analyser's result names the message it came from (lab_results.hl7_message_id, migration 0051).
ALTER TABLE "lab_results" ADD CONSTRAINT "lab_results_hl7_message_id_hl7_messages_id_fk" FOREIGN KEY ("hl7_message_id") REFERENCES "public"."hl7_messages"("id") ON DELETE restrict ON UPDATE no action;
