CREATE TYPE "public"."diabetes_status" AS ENUM('No diabetes', 'Prediabetes', 'Type 1', 'Type 2', 'Gestational');--> statement-breakpoint
CREATE TABLE "diagnosis_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnosis_test_properties" (
	"test_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "diagnosis_test_properties_test_id_position_pk" PRIMARY KEY("test_id","position")
);
--> statement-breakpoint
CREATE TABLE "diagnosis_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_number" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"age" smallint,
	"height" numeric(4, 1),
	"weight" numeric(5, 1),
	"average_glucose" smallint,
	"blood_sugar" smallint,
	"urine_sugar" smallint,
	"systolic" smallint,
	"diastolic" smallint,
	"diabetes" "diabetes_status",
	"cholesterol" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diagnosis_test_properties" ADD CONSTRAINT "diagnosis_test_properties_test_id_diagnosis_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."diagnosis_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_tests" ADD CONSTRAINT "diagnosis_tests_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_tests" ADD CONSTRAINT "diagnosis_tests_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_tests" ADD CONSTRAINT "diagnosis_tests_category_id_diagnosis_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."diagnosis_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diagnosis_categories_name_key" ON "diagnosis_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "diagnosis_categories_name_trgm_idx" ON "diagnosis_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "diagnosis_tests_report_number_key" ON "diagnosis_tests" USING btree ("report_number");--> statement-breakpoint
CREATE INDEX "diagnosis_tests_created_idx" ON "diagnosis_tests" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "diagnosis_tests_patient_idx" ON "diagnosis_tests" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "diagnosis_tests_doctor_idx" ON "diagnosis_tests" USING btree ("doctor_id","created_at");--> statement-breakpoint
CREATE INDEX "diagnosis_tests_category_idx" ON "diagnosis_tests" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "diagnosis_tests_name_trgm_idx" ON "diagnosis_tests" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "diagnosis_tests_report_number_trgm_idx" ON "diagnosis_tests" USING gin ("report_number" gin_trgm_ops);--> statement-breakpoint
-- The twenty initial categories every installation needs. Kept if already there, in any case.
INSERT INTO "diagnosis_categories" ("name", "description") VALUES
	('Haematology', 'Blood counts, film, coagulation and haemoglobin studies'),
	('Clinical Chemistry', 'Electrolytes, kidney and liver function, lipids, glucose'),
	('Microbiology', 'Culture and sensitivity, Gram stain, AFB for tuberculosis'),
	('Immunology and Serology', 'Antibody and antigen tests: HIV, hepatitis B and C, Widal, VDRL'),
	('Parasitology', 'Malaria parasite, stool ova and parasites, microfilaria'),
	('Urinalysis', 'Urine dipstick, microscopy and pregnancy test'),
	('Endocrinology', 'Thyroid, reproductive and adrenal hormones, HbA1c'),
	('Histopathology', 'Tissue biopsies and surgical specimens'),
	('Cytology', 'Cervical smears and fine-needle aspirates'),
	('Blood Transfusion', 'Blood grouping, crossmatch and antibody screening'),
	('Molecular Diagnostics', 'PCR and viral load tests'),
	('Toxicology', 'Drug levels and poisoning screens'),
	('Virology', 'Viral antigen and culture tests'),
	('Genetics', 'Haemoglobin genotype (sickle cell), karyotype'),
	('Radiology', 'X-ray and CT imaging'),
	('Ultrasonography', 'Abdominal, pelvic, obstetric and Doppler ultrasound'),
	('Cardiology', 'ECG, echocardiography and stress testing'),
	('Pulmonology', 'Spirometry and pulse oximetry studies'),
	('Neurophysiology', 'EEG and nerve conduction studies'),
	('Ophthalmology', 'Visual acuity, fundoscopy and intraocular pressure')
ON CONFLICT DO NOTHING;
