DROP INDEX "er_patient_idx";--> statement-breakpoint
CREATE INDEX "er_patient_arrived_idx" ON "er_entries" USING btree ("patient_id","arrived_at");