CREATE TYPE "public"."metadata_format" AS ENUM('text', 'number', 'date', 'boolean');--> statement-breakpoint
CREATE TYPE "public"."metadata_usage" AS ENUM('analysis', 'available', 'hidden');--> statement-breakpoint
CREATE TABLE "mobile_results" (
	"unit_id" integer NOT NULL,
	"metric_id" smallint NOT NULL,
	"dtime" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"signal" smallint,
	"value" double precision,
	"test_id" uuid NOT NULL,
	CONSTRAINT "mobile_results_unit_id_metric_id_dtime_test_id_pk" PRIMARY KEY("unit_id","metric_id","dtime","test_id")
);
--> statement-breakpoint
CREATE TABLE "admin_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"panel_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_states" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" integer
);
--> statement-breakpoint
CREATE TABLE "metadata_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"panel_id" integer NOT NULL,
	"key" text NOT NULL,
	"display_name" text NOT NULL,
	"format" "metadata_format" DEFAULT 'text' NOT NULL,
	"usage" "metadata_usage" DEFAULT 'available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_details" (
	"package_id" integer PRIMARY KEY NOT NULL,
	"technology" text,
	"public" boolean DEFAULT true NOT NULL,
	"download_limit_gb" integer,
	"upload_limit_gb" integer
);
--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_states" ADD CONSTRAINT "agent_states_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_states" ADD CONSTRAINT "agent_states_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metadata_fields" ADD CONSTRAINT "metadata_fields_panel_id_panels_pid_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."panels"("pid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_details" ADD CONSTRAINT "package_details_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobile_results_metric_time_idx" ON "mobile_results" USING btree ("metric_id","dtime");--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "metadata_fields_panel_key_idx" ON "metadata_fields" USING btree ("panel_id","key");