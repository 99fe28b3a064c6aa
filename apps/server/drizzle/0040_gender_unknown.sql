-- FHIR's administrative gender has a fourth code, unknown (there is one, but it is not known):
-- sign-up and the desk now require a gender, and unknown is the answer of a patient who does not say.
ALTER TYPE "public"."gender" ADD VALUE 'unknown';