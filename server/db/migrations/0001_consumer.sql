CREATE TYPE "public"."anomaly_state" AS ENUM('new', 'ongoing', 'closed');--> statement-breakpoint
CREATE TYPE "public"."feature_update_type" AS ENUM('consumer', 'enterprise');--> statement-breakpoint
CREATE TYPE "public"."instant_test_status" AS ENUM('running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."measurement_status" AS ENUM('OK', 'NO_DATA', 'DEVICE_CANT_RUN_TEST', 'ERROR');--> statement-breakpoint
CREATE TYPE "public"."test_kind" AS ENUM('scheduled', 'instant_test', 'instant_test_api');--> statement-breakpoint
CREATE TYPE "public"."test_origin" AS ENUM('scheduled', 'web_app', 'web_iframe', 'ios_app', 'android_app');--> statement-breakpoint
CREATE TABLE "anomalies" (
	"id" serial PRIMARY KEY NOT NULL,
	"panel_id" integer NOT NULL,
	"type" text NOT NULL,
	"metric" text NOT NULL,
	"state" "anomaly_state" DEFAULT 'new' NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumer_configs" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"has_restricted_metrics" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disconnections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"start_dtime" timestamp with time zone NOT NULL,
	"end_dtime" timestamp with time zone,
	"is_unreliable" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"disconnection_alerts" boolean DEFAULT true NOT NULL,
	"performance_alerts" boolean DEFAULT true NOT NULL,
	"report_cards" boolean DEFAULT true NOT NULL,
	"product_news" boolean DEFAULT false NOT NULL,
	"alerts_paused_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_update_reads" (
	"user_id" integer NOT NULL,
	"update_id" integer NOT NULL,
	"last_read_date" timestamp with time zone NOT NULL,
	CONSTRAINT "feature_update_reads_user_id_update_id_pk" PRIMARY KEY("user_id","update_id")
);
--> statement-breakpoint
CREATE TABLE "feature_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" "feature_update_type" NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instant_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" integer NOT NULL,
	"user_id" integer,
	"origin" "test_origin" DEFAULT 'web_app' NOT NULL,
	"kind" "test_kind" DEFAULT 'instant_test' NOT NULL,
	"status" "instant_test_status" DEFAULT 'running' NOT NULL,
	"code" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"id" bigserial NOT NULL,
	"unit_id" integer NOT NULL,
	"metric_key" text NOT NULL,
	"dtime" timestamp with time zone NOT NULL,
	"value" double precision,
	"status" "measurement_status" DEFAULT 'OK' NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"test_id" uuid NOT NULL,
	"origin" "test_origin" DEFAULT 'scheduled' NOT NULL,
	"kind" "test_kind" DEFAULT 'scheduled' NOT NULL,
	"local_target" boolean DEFAULT true NOT NULL,
	"target" text,
	CONSTRAINT "measurements_id_dtime_pk" PRIMARY KEY("id","dtime")
);
--> statement-breakpoint
CREATE TABLE "skipped_tests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"metric_key" text NOT NULL,
	"dtime" timestamp with time zone NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"requester_name" text NOT NULL,
	"requester_email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"priority" text DEFAULT 'low' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_package_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"isp_id" integer,
	"package_id" integer,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "package_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "last_seen" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "offline_externally" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "offline_message" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "is_unreliable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "geo_data" jsonb;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "environment" jsonb;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "mac_domain" text;--> statement-breakpoint
ALTER TABLE "anomalies" ADD CONSTRAINT "anomalies_panel_id_panels_pid_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."panels"("pid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumer_configs" ADD CONSTRAINT "consumer_configs_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disconnections" ADD CONSTRAINT "disconnections_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_update_reads" ADD CONSTRAINT "feature_update_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_update_reads" ADD CONSTRAINT "feature_update_reads_update_id_feature_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."feature_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_tests" ADD CONSTRAINT "instant_tests_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_tests" ADD CONSTRAINT "instant_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skipped_tests" ADD CONSTRAINT "skipped_tests_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_package_changes" ADD CONSTRAINT "unit_package_changes_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_package_changes" ADD CONSTRAINT "unit_package_changes_isp_id_isps_id_fk" FOREIGN KEY ("isp_id") REFERENCES "public"."isps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_package_changes" ADD CONSTRAINT "unit_package_changes_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_package_changes" ADD CONSTRAINT "unit_package_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anomalies_panel_state_idx" ON "anomalies" USING btree ("panel_id","state");--> statement-breakpoint
CREATE INDEX "disconnections_unit_time_idx" ON "disconnections" USING btree ("unit_id","start_dtime");--> statement-breakpoint
CREATE INDEX "feature_updates_type_idx" ON "feature_updates" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "instant_tests_unit_idx" ON "instant_tests" USING btree ("unit_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instant_tests_one_running_idx" ON "instant_tests" USING btree ("unit_id") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "measurements_unit_metric_time_idx" ON "measurements" USING btree ("unit_id","metric_key","dtime");--> statement-breakpoint
CREATE INDEX "measurements_test_idx" ON "measurements" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "skipped_tests_unit_time_idx" ON "skipped_tests" USING btree ("unit_id","dtime");--> statement-breakpoint
CREATE INDEX "support_requests_user_idx" ON "support_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "unit_package_changes_unit_idx" ON "unit_package_changes" USING btree ("unit_id","changed_at");