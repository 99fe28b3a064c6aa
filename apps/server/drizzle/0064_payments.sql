CREATE TYPE "public"."cashier_day_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."receipt_kind" AS ENUM('payment', 'deposit');--> statement-breakpoint
CREATE TYPE "public"."receipt_method" AS ENUM('cash', 'transfer', 'pos');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('requested', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "cashier_days" (
	"cashier_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" "cashier_day_status" DEFAULT 'open' NOT NULL,
	"expected_cash" bigint,
	"counted_cash" bigint,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashier_days_cashier_id_day_pk" PRIMARY KEY("cashier_id","day"),
	CONSTRAINT "cashier_days_closed" CHECK (("cashier_days"."status" = 'closed') = ("cashier_days"."closed_at" is not null)
        and ("cashier_days"."status" = 'closed') = ("cashier_days"."counted_cash" is not null)
        and ("cashier_days"."status" = 'closed') = ("cashier_days"."expected_cash" is not null)
        and coalesce("cashier_days"."counted_cash", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_drawdowns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deposit_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_drawdowns_amount" CHECK ("deposit_drawdowns"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"actor_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_actor_id_key_pk" PRIMARY KEY("actor_id","key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_number" text NOT NULL,
	"kind" "receipt_kind" NOT NULL,
	"patient_id" uuid NOT NULL,
	"cashier_id" uuid NOT NULL,
	"day" date NOT NULL,
	"method" "receipt_method" NOT NULL,
	"reference" text,
	"amount" bigint NOT NULL,
	"applied" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_taken_back" CHECK ("payments"."applied" >= 0 and "payments"."refunded" >= 0 and "payments"."applied" + "payments"."refunded" <= "payments"."amount"),
	CONSTRAINT "payments_applied_deposit" CHECK ("payments"."kind" = 'deposit' or "payments"."applied" = 0),
	CONSTRAINT "payments_reference" CHECK ("payments"."method" = 'cash' or coalesce(length(trim("payments"."reference")), 0) > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" "refund_status" DEFAULT 'requested' NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_reason" CHECK (length(trim("refunds"."reason")) > 0),
	CONSTRAINT "refunds_decided" CHECK (("refunds"."status" = 'requested') = ("refunds"."decided_at" is null)
        and ("refunds"."status" = 'requested') = ("refunds"."decided_by" is null)
        and ("refunds"."status" <> 'rejected' or coalesce(length(trim("refunds"."note")), 0) > 0))
);
--> statement-breakpoint
ALTER TABLE "cashier_days" ADD CONSTRAINT "cashier_days_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_drawdowns" ADD CONSTRAINT "deposit_drawdowns_deposit_id_payments_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_drawdowns" ADD CONSTRAINT "deposit_drawdowns_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_drawdowns" ADD CONSTRAINT "deposit_drawdowns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cashier_id_day_cashier_days_cashier_id_day_fk" FOREIGN KEY ("cashier_id","day") REFERENCES "public"."cashier_days"("cashier_id","day") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_drawdowns_patient_idx" ON "deposit_drawdowns" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_unique" ON "payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "payments_patient_idx" ON "payments" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_day_idx" ON "payments" USING btree ("cashier_id","day");--> statement-breakpoint
CREATE INDEX "payments_deposits_held_idx" ON "payments" USING btree ("patient_id") WHERE "payments"."kind" = 'deposit';--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","requested_at");--> statement-breakpoint
-- A receipt lands on its cashier's day, which must be open: the row is locked FOR SHARE so a
-- close running at the same time waits for this receipt (and counts it) or this receipt waits for
-- the close (and is refused). The error names a CHECK-like constraint the service maps to 409.
CREATE FUNCTION payments_on_open_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  day_status cashier_day_status;
BEGIN
  SELECT status INTO day_status FROM cashier_days
    WHERE cashier_id = NEW.cashier_id AND day = NEW.day FOR SHARE;
  IF day_status IS DISTINCT FROM 'open' THEN
    RAISE EXCEPTION 'The cashier''s day % is closed', NEW.day
      USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_day_open';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER payments_on_open_day BEFORE INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_on_open_day();--> statement-breakpoint
-- A receipt is never deleted and never rewritten: only what was drawn down and refunded moves.
CREATE FUNCTION payments_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (to_jsonb(NEW) - 'applied' - 'refunded') <> (to_jsonb(OLD) - 'applied' - 'refunded') THEN
    RAISE EXCEPTION 'A receipt cannot be changed or deleted (%)', TG_OP;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER payments_append_only BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_append_only();--> statement-breakpoint
-- A closed day is final: no change, no delete.
CREATE FUNCTION cashier_days_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'closed' OR TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'A closed cashier day cannot change (%)', TG_OP
      USING ERRCODE = 'check_violation', CONSTRAINT = 'cashier_days_final';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER cashier_days_final BEFORE UPDATE OR DELETE ON cashier_days
  FOR EACH ROW EXECUTE FUNCTION cashier_days_final();--> statement-breakpoint
-- Draw-downs are history: never changed or deleted.
CREATE FUNCTION deposit_drawdowns_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A draw-down cannot be changed or deleted (%)', TG_OP;
END $$;--> statement-breakpoint
CREATE TRIGGER deposit_drawdowns_append_only BEFORE UPDATE OR DELETE ON deposit_drawdowns
  FOR EACH ROW EXECUTE FUNCTION deposit_drawdowns_append_only();--> statement-breakpoint
-- A refund is decided once: requested -> approved or rejected, then never again; never deleted.
CREATE FUNCTION refunds_decided_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.status <> 'requested' OR NEW.amount <> OLD.amount
     OR NEW.payment_id <> OLD.payment_id OR NEW.reason <> OLD.reason THEN
    RAISE EXCEPTION 'A decided refund cannot change (%)', TG_OP;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER refunds_decided_once BEFORE UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION refunds_decided_once();
