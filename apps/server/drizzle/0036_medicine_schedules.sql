-- The schedules doctors write every day: three and four times daily and every 6, 8 or 12 hours.
ALTER TYPE "public"."medicine_interval" ADD VALUE 'Three times daily';--> statement-breakpoint
ALTER TYPE "public"."medicine_interval" ADD VALUE 'Four times daily';--> statement-breakpoint
ALTER TYPE "public"."medicine_interval" ADD VALUE 'Every 6 hours';--> statement-breakpoint
ALTER TYPE "public"."medicine_interval" ADD VALUE 'Every 8 hours';--> statement-breakpoint
ALTER TYPE "public"."medicine_interval" ADD VALUE 'Every 12 hours';--> statement-breakpoint
-- A course's length as its number of days (any from 1 to 365), from the four listed durations.
ALTER TABLE "prescription_medicines" ADD COLUMN "duration_days" smallint;--> statement-breakpoint
UPDATE "prescription_medicines" SET "duration_days" = CASE "duration"::text
  WHEN 'Only one day' THEN 1 WHEN '3 Days' THEN 3 WHEN '7 Days' THEN 7 WHEN '30 Days' THEN 30 END;--> statement-breakpoint
ALTER TABLE "prescription_medicines" ALTER COLUMN "duration_days" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "prescription_medicines" ADD CONSTRAINT "prescription_medicines_duration_days" CHECK ("prescription_medicines"."duration_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "prescription_medicines" DROP COLUMN "duration";--> statement-breakpoint
DROP TYPE "public"."medicine_duration";--> statement-breakpoint
-- When the doctor confirmed an allergy override; for older overrides the last save is the best known.
ALTER TABLE "prescriptions" ADD COLUMN "allergies_acknowledged_at" timestamp with time zone;--> statement-breakpoint
UPDATE "prescriptions" SET "allergies_acknowledged_at" = "updated_at" WHERE cardinality("acknowledged_allergies") > 0;
