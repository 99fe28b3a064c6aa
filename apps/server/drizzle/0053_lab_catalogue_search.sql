CREATE INDEX "lab_tests_name_trgm_idx" ON "lab_tests" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lab_tests_code_trgm_idx" ON "lab_tests" USING gin ("code" gin_trgm_ops);