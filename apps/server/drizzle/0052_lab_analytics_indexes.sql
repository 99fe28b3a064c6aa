CREATE INDEX "lab_critical_alerts_raised_idx" ON "lab_critical_alerts" USING btree ("raised_at");--> statement-breakpoint
CREATE INDEX "lab_results_verified_idx" ON "lab_results" USING btree ("verified_at") WHERE "lab_results"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "lab_specimens_collected_idx" ON "lab_specimens" USING btree ("collected_at");