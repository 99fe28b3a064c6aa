-- One style for enumerated columns: appointments' status and priority (text with a CHECK) and
-- users' role and status (unconstrained text) become enums built from the contract's lists.
-- Written to run on a database with data in it: every stored value must be one of the list (the
-- CHECKs guaranteed it for appointments; the app only ever wrote these roles and statuses), or
-- the cast fails and the whole migration rolls back.
CREATE TYPE "public"."appointment_priority" AS ENUM('Low', 'Medium', 'High', 'Urgent');--> statement-breakpoint
CREATE TYPE "public"."appointment_status" AS ENUM('Pending', 'Confirmed', 'Completed', 'Cancelled');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('admin', 'doctor', 'patient');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('Active', 'Inactive');--> statement-breakpoint
-- The enums now hold what the CHECKs held.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_valid";--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_priority_valid";--> statement-breakpoint
-- The double-booking index's predicate compares status with text values, which an enum column
-- cannot reuse: it is dropped here and built again, the same, after the change.
DROP INDEX "appointments_doctor_active_start_unique";--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "priority" SET DATA TYPE "public"."appointment_priority" USING "priority"::"public"."appointment_priority";--> statement-breakpoint
-- A text default cannot be cast to the enum in place: drop it, change the type, set it again.
ALTER TABLE "appointments" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "status" SET DATA TYPE "public"."appointment_status" USING "status"::"public"."appointment_status";--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "status" SET DEFAULT 'Pending'::"public"."appointment_status";--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_doctor_active_start_unique" ON "appointments" USING btree ("doctor_id","starts_at") WHERE status in ('Pending', 'Confirmed');--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE "public"."user_role" USING "role"::"public"."user_role";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" SET DATA TYPE "public"."user_status" USING "status"::"public"."user_status";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" SET DEFAULT 'Active'::"public"."user_status";
