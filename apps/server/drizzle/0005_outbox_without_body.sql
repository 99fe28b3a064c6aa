CREATE TYPE "public"."mail_delivery" AS ENUM('Sent', 'Server log', 'Failed');--> statement-breakpoint
-- Existing rows: mail with a sent time went through SMTP; the rest went to the server log.
ALTER TABLE "outbox" ADD COLUMN "delivery" "mail_delivery";--> statement-breakpoint
UPDATE "outbox" SET "delivery" = CASE WHEN "sent_at" IS NULL THEN 'Server log'::"mail_delivery" ELSE 'Sent'::"mail_delivery" END;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "delivery" SET NOT NULL;--> statement-breakpoint
-- Reset links are keys to accounts: the outbox no longer keeps what mail said.
ALTER TABLE "outbox" DROP COLUMN "body";
