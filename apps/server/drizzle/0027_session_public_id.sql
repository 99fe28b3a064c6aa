-- A public id for each session (the Security page's list and "Sign out" of one), so the token's
-- hash, the key, never leaves the server. Existing sessions get a random one.
ALTER TABLE "sessions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_id_unique" ON "sessions" USING btree ("id");