CREATE TYPE "public"."nursing_note_category" AS ENUM('General', 'Care given', 'Observation', 'Medication', 'Wound care', 'Family', 'Incident');--> statement-breakpoint
CREATE TYPE "public"."ward_note_kind" AS ENUM('Nursing', 'Ward round');--> statement-breakpoint
CREATE TABLE "ward_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"ward_id" uuid NOT NULL,
	"kind" "ward_note_kind" NOT NULL,
	"category" "nursing_note_category",
	"text" text,
	"subjective" text,
	"objective" text,
	"assessment" text,
	"plan" text,
	"author_id" uuid NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	"corrects_id" uuid,
	CONSTRAINT "ward_notes_version_key" UNIQUE("id","stay_id","kind","author_id"),
	CONSTRAINT "ward_notes_shape" CHECK (case "ward_notes"."kind"
        when 'Nursing' then "ward_notes"."text" is not null and "ward_notes"."category" is not null
          and num_nonnulls("ward_notes"."subjective", "ward_notes"."objective", "ward_notes"."assessment", "ward_notes"."plan") = 0
        else "ward_notes"."text" is null and "ward_notes"."category" is null
          and num_nonnulls("ward_notes"."subjective", "ward_notes"."objective", "ward_notes"."assessment", "ward_notes"."plan") > 0
      end),
	CONSTRAINT "ward_notes_length" CHECK (char_length("ward_notes"."text") <= 4000 and char_length("ward_notes"."subjective") <= 4000 and char_length("ward_notes"."objective") <= 4000 and char_length("ward_notes"."assessment") <= 4000 and char_length("ward_notes"."plan") <= 4000),
	CONSTRAINT "ward_notes_not_blank" CHECK ("ward_notes"."text" is null or btrim("ward_notes"."text") <> '')
);
--> statement-breakpoint
ALTER TABLE "ward_notes" ADD CONSTRAINT "ward_notes_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ward_notes" ADD CONSTRAINT "ward_notes_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ward_notes" ADD CONSTRAINT "ward_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ward_notes" ADD CONSTRAINT "ward_notes_corrects_fk" FOREIGN KEY ("corrects_id","stay_id","kind","author_id") REFERENCES "public"."ward_notes"("id","stay_id","kind","author_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ward_notes_corrected_once" ON "ward_notes" USING btree ("corrects_id");--> statement-breakpoint
CREATE INDEX "ward_notes_stay_idx" ON "ward_notes" USING btree ("stay_id","written_at","id");--> statement-breakpoint
CREATE INDEX "ward_notes_stay_kind_idx" ON "ward_notes" USING btree ("stay_id","kind","written_at","id");--> statement-breakpoint
CREATE INDEX "ward_notes_ward_idx" ON "ward_notes" USING btree ("ward_id","written_at");--> statement-breakpoint
CREATE INDEX "ward_notes_author_idx" ON "ward_notes" USING btree ("author_id");--> statement-breakpoint
-- hand-written below
-- Notes are clinical records: once written they stay as written (a correction is a new note).
CREATE FUNCTION carepoint_ward_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ward_notes rows cannot be changed or deleted (%)', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Write a correction: a new note naming the one it corrects.';
END $$;
--> statement-breakpoint
CREATE TRIGGER ward_notes_append_only BEFORE UPDATE OR DELETE ON ward_notes
  FOR EACH ROW EXECUTE FUNCTION carepoint_ward_notes_append_only();
