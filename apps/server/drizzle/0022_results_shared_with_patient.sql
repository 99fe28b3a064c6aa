-- What the doctor chose to show the patient (My Results): new diagnosis tests and reports are
-- not shared until their author shares them. Tests recorded before this change were already in
-- the patient's FHIR record (their download), so they stay shared; reports never were.
ALTER TABLE "diagnosis_tests" ADD COLUMN "shared_with_patient" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "shared_with_patient" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "diagnosis_tests" SET "shared_with_patient" = true;
