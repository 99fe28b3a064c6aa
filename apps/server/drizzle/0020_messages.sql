CREATE TYPE "public"."message_kind" AS ENUM('booked', 'confirmed', 'moved', 'cancelled', 'reminder');--> statement-breakpoint
CREATE TYPE "public"."message_result" AS ENUM('Queued', 'Sending', 'Sent', 'Failed', 'Skipped');--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" "message_kind" NOT NULL,
	"appointment_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"result" "message_result" DEFAULT 'Queued' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"to" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "appointment_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_key_unique" ON "messages" USING btree ("key");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("run_at") WHERE result in ('Queued', 'Sending');--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "messages_result_created_idx" ON "messages" USING btree ("result","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_appointment_idx" ON "messages" USING btree ("appointment_id");