CREATE TYPE "public"."smart_app_kind" AS ENUM('public', 'confidential', 'backend');--> statement-breakpoint
CREATE TYPE "public"."smart_token_kind" AS ENUM('access', 'refresh');--> statement-breakpoint
CREATE TABLE "smart_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" "smart_app_kind" NOT NULL,
	"redirect_uris" text[] DEFAULT '{}' NOT NULL,
	"scopes" text[] NOT NULL,
	"secret_hash" text,
	"jwks_url" text,
	"jwks" jsonb,
	"disabled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_assertion_ids" (
	"app_id" uuid NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "smart_assertion_ids_app_id_jti_pk" PRIMARY KEY("app_id","jti")
);
--> statement-breakpoint
CREATE TABLE "smart_authorization_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"redirect_uri" text NOT NULL,
	"scopes" text[] NOT NULL,
	"patient_id" uuid,
	"code_challenge" text NOT NULL,
	"nonce" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"patient_id" uuid,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" "smart_token_kind" NOT NULL,
	"app_id" uuid NOT NULL,
	"grant_id" uuid,
	"user_id" uuid,
	"patient_id" uuid,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smart_apps" ADD CONSTRAINT "smart_apps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_assertion_ids" ADD CONSTRAINT "smart_assertion_ids_app_id_smart_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."smart_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_authorization_codes" ADD CONSTRAINT "smart_authorization_codes_app_id_smart_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."smart_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_authorization_codes" ADD CONSTRAINT "smart_authorization_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_authorization_codes" ADD CONSTRAINT "smart_authorization_codes_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_grants" ADD CONSTRAINT "smart_grants_app_id_smart_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."smart_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_grants" ADD CONSTRAINT "smart_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_grants" ADD CONSTRAINT "smart_grants_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_tokens" ADD CONSTRAINT "smart_tokens_app_id_smart_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."smart_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_tokens" ADD CONSTRAINT "smart_tokens_grant_id_smart_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."smart_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_tokens" ADD CONSTRAINT "smart_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_tokens" ADD CONSTRAINT "smart_tokens_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_codes_expires_idx" ON "smart_authorization_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "smart_grants_user_idx" ON "smart_grants" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "smart_tokens_grant_idx" ON "smart_tokens" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "smart_tokens_expires_idx" ON "smart_tokens" USING btree ("expires_at");