CREATE TABLE "nurse_wards" (
	"nurse_id" uuid NOT NULL,
	"ward_id" uuid NOT NULL,
	CONSTRAINT "nurse_wards_nurse_id_ward_id_pk" PRIMARY KEY("nurse_id","ward_id")
);
--> statement-breakpoint
ALTER TABLE "nurse_wards" ADD CONSTRAINT "nurse_wards_nurse_id_nurses_id_fk" FOREIGN KEY ("nurse_id") REFERENCES "public"."nurses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_wards" ADD CONSTRAINT "nurse_wards_ward_id_wards_id_fk" FOREIGN KEY ("ward_id") REFERENCES "public"."wards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nurse_wards_ward_idx" ON "nurse_wards" USING btree ("ward_id");