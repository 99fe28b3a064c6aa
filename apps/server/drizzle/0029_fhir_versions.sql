ALTER TABLE "vital_signs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "prescription_medicines" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Every table behind a FHIR resource keeps its updated_at in the database: each update moves it
-- forward by at least a millisecond (meta.versionId is that moment in milliseconds, so every
-- change is a new version even when two land in the same millisecond or the app's clock lags).
CREATE FUNCTION carepoint_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at := statement_timestamp();
  END IF;
  IF NEW.updated_at < OLD.updated_at + interval '1 millisecond' THEN
    NEW.updated_at := OLD.updated_at + interval '1 millisecond';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_touch_updated_at BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();--> statement-breakpoint
CREATE TRIGGER appointments_touch_updated_at BEFORE UPDATE ON appointments FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();--> statement-breakpoint
CREATE TRIGGER vital_signs_touch_updated_at BEFORE UPDATE ON vital_signs FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();--> statement-breakpoint
CREATE TRIGGER diagnosis_tests_touch_updated_at BEFORE UPDATE ON diagnosis_tests FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();--> statement-breakpoint
CREATE TRIGGER prescriptions_touch_updated_at BEFORE UPDATE ON prescriptions FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();--> statement-breakpoint
CREATE TRIGGER prescription_medicines_touch_updated_at BEFORE UPDATE ON prescription_medicines FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();--> statement-breakpoint
CREATE TRIGGER er_entries_touch_updated_at BEFORE UPDATE ON er_entries FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();--> statement-breakpoint
CREATE TRIGGER patient_medical_details_touch_updated_at BEFORE UPDATE ON patient_medical_details FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();--> statement-breakpoint
CREATE TRIGGER beds_touch_updated_at BEFORE UPDATE ON beds FOR EACH ROW EXECUTE FUNCTION carepoint_touch_updated_at();
