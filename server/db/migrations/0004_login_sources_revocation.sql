CREATE TABLE "login_failures" (
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"lockout_count" integer DEFAULT 0 NOT NULL,
	"permanently_locked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_failures_user_id_source_pk" PRIMARY KEY("user_id","source")
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "family_expires_at" timestamp with time zone;--> statement-breakpoint
-- Logins that exist already end 90 days (the default LOGIN_MAX_AGE_SECONDS) after they began.
UPDATE "refresh_tokens" AS t SET "family_expires_at" = f.started + interval '90 days'
FROM (SELECT "family", min("created_at") AS started FROM "refresh_tokens" GROUP BY "family") AS f
WHERE t."family" = f."family";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "family_expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tokens_valid_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "lockout_count";