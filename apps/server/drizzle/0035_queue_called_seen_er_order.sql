-- Department queues: a called patient is shown on the board until marked Seen (when and by whom).
-- The ER board's default order puts, within a triage level, Waiting before In Treatment: its index follows.
ALTER TYPE "public"."queue_status" ADD VALUE 'Seen' BEFORE 'Removed';--> statement-breakpoint
DROP INDEX "er_triage_order_idx";--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "seen_by" uuid;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_seen_by_users_id_fk" FOREIGN KEY ("seen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_called_idx" ON "queue_entries" USING btree ("department","called_at" DESC NULLS LAST) WHERE "queue_entries"."status" = 'Called';--> statement-breakpoint
CREATE INDEX "er_triage_order_idx" ON "er_entries" USING btree (("left_at" is not null),"triage_level" DESC NULLS FIRST,"status","arrived_at","id");