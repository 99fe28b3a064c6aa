DROP INDEX "users_role_idx";--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","last_name","first_name","id");