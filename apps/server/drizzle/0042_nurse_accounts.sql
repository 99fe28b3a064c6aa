DROP INDEX "nurses_email_unique";--> statement-breakpoint
DROP INDEX "nurses_email_idx";--> statement-breakpoint
DROP INDEX "nurses_full_name_idx";--> statement-breakpoint
DROP INDEX "nurses_department_idx";--> statement-breakpoint
DROP INDEX "nurses_status_idx";--> statement-breakpoint
ALTER TABLE "nurses" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "nurses" ADD CONSTRAINT "nurses_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nurses_department_idx" ON "nurses" USING btree ("department");--> statement-breakpoint
CREATE INDEX "nurses_status_idx" ON "nurses" USING btree ("status");--> statement-breakpoint
ALTER TABLE "nurses" DROP COLUMN "full_name";--> statement-breakpoint
ALTER TABLE "nurses" DROP COLUMN "email";