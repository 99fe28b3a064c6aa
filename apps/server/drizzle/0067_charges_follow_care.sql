-- Dispensing now writes its charges straight into charges (docs/areas/billing-charges.md). The
-- pharmacy_charges rows it wrote until now move there first, once each (the unique index on
-- dispense_item_id), then the table goes: one way of charging a dispensed item.
-- They were made before any coverage existed, so they are self-pay, at the unit price the
-- formulary had when they were dispensed (basis null: priced by the formulary, not by a list),
-- on the facility date (Africa/Lagos, the default TIME_ZONE) of their dispense. A row the
-- formulary had no price for is not charged: nothing priced it (the doctor's invoice covers it).
INSERT INTO "charges" (
  "patient_id", "payer_id", "service_id", "source", "dispense_item_id", "care_date", "quantity",
  "unit_price", "amount", "payer_amount", "patient_amount", "basis", "status", "void_reason",
  "voided_at", "created_at"
)
SELECT pc."patient_id", sp."id", bs."id", 'medicine', pc."dispense_item_id",
  (d."dispensed_at" AT TIME ZONE 'Africa/Lagos')::date, pc."quantity", pc."unit_price",
  pc."unit_price" * pc."quantity", 0, pc."unit_price" * pc."quantity", NULL,
  CASE WHEN pc."status" = 'void' THEN 'void' ELSE 'active' END::charge_status,
  CASE WHEN pc."status" = 'void' THEN 'Voided before billing' END,
  CASE WHEN pc."status" = 'void' THEN pc."created_at" END,
  pc."created_at"
FROM "pharmacy_charges" pc
JOIN "dispense_items" di ON di."id" = pc."dispense_item_id"
JOIN "dispenses" d ON d."id" = di."dispense_id"
JOIN "billable_services" bs ON bs."medicine_id" = pc."medicine_id"
CROSS JOIN (SELECT "id" FROM "payers" WHERE "kind" = 'self-pay') sp
WHERE pc."unit_price" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "pharmacy_charges" CASCADE;--> statement-breakpoint
DROP TYPE "public"."pharmacy_charge_status";
