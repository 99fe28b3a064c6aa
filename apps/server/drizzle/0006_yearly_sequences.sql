CREATE TABLE "yearly_sequences" (
	"scope" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "yearly_sequences_scope_year_pk" PRIMARY KEY("scope","year")
);
