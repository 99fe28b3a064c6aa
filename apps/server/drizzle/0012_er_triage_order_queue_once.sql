CREATE INDEX "er_triage_order_idx" ON "er_entries" USING btree (("left_at" is not null),"triage_level" DESC NULLS FIRST,"arrived_at","id");--> statement-breakpoint
-- A patient waiting twice in one queue keeps the earliest place; later duplicates leave the queue.
UPDATE "queue_entries" AS later SET "status" = 'Removed', "updated_at" = now()
WHERE later."status" = 'Waiting' AND later."patient_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "queue_entries" AS earlier
  WHERE earlier."status" = 'Waiting' AND earlier."patient_id" = later."patient_id"
    AND earlier."department" = later."department"
    AND (earlier."joined_at", earlier."id") < (later."joined_at", later."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "queue_waiting_patient_uq" ON "queue_entries" USING btree ("department","patient_id") WHERE "queue_entries"."status" = 'Waiting' and "queue_entries"."patient_id" is not null;