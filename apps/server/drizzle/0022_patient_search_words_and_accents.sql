-- Patient search matches each typed word as the start of any name part, accents ignored
-- (decision 0013). carepoint_fold() is the one fold, applied to the stored names in the indexes
-- below and to the typed words in each query (lib/patient-search.ts), so both sides always agree:
-- lower case; decomposed (NFD) and the combining marks dropped, so "Adébáyọ̀" (é, á, ọ with a dot
-- below and a grave) is "adebayo"; letters that do not decompose (ɓ ɗ ƙ ƴ ø ł đ) to their base
-- letter; a hyphen is a space between parts; apostrophes dropped ("O'Neil" is "oneil").
-- IMMUTABLE, as index expressions require; normalize() needs a UTF8 database.
CREATE FUNCTION carepoint_fold(name text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(
    regexp_replace(normalize(lower(name), NFD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'),
    '-ɓɗƙƴøłđ''’', ' bdkyold')
$$;--> statement-breakpoint
DROP INDEX "users_search_surname_idx";--> statement-breakpoint
DROP INDEX "users_search_first_name_idx";--> statement-breakpoint
DROP INDEX "users_family_given_idx";--> statement-breakpoint
CREATE INDEX "users_given_family_idx" ON "users" USING btree ("role",(carepoint_fold("first_name") collate "C"),(carepoint_fold("last_name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_search_many_parts_idx" ON "users" USING btree ("role",(carepoint_fold("last_name" || ' ' || "first_name") collate "C"),"id") WHERE carepoint_fold("users"."first_name" || ' ' || "users"."last_name") like '% % %';--> statement-breakpoint
CREATE INDEX "users_search_surname_idx" ON "users" USING btree ("role",(carepoint_fold("last_name" || ' ' || "first_name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_search_first_name_idx" ON "users" USING btree ("role",(carepoint_fold("first_name" || ' ' || "last_name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "users_family_given_idx" ON "users" USING btree ("role",(carepoint_fold("last_name") collate "C"),(carepoint_fold("first_name") collate "C"),"id");