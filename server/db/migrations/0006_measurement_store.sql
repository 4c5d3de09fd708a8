CREATE TABLE "unit_attributes" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"technology" text NOT NULL,
	"region" text,
	"hub_site" text,
	"cmts_name" text,
	"custom" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_credentials" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_day_summaries" (
	"unit_id" integer NOT NULL,
	"metric_id" smallint NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision,
	"max" double precision,
	"keys" integer[] NOT NULL,
	"counts" integer[] NOT NULL,
	"no_data" integer DEFAULT 0 NOT NULL,
	"cant_run" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "unit_day_summaries_unit_id_metric_id_day_pk" PRIMARY KEY("unit_id","metric_id","day")
);
--> statement-breakpoint
CREATE TABLE "unit_results" (
	"unit_id" integer NOT NULL,
	"metric_id" smallint NOT NULL,
	"dtime" timestamp with time zone NOT NULL,
	"local_time" timestamp NOT NULL,
	"value" double precision,
	"status" "measurement_status" DEFAULT 'OK' NOT NULL,
	"test_id" uuid NOT NULL,
	CONSTRAINT "unit_results_unit_id_metric_id_dtime_test_id_pk" PRIMARY KEY("unit_id","metric_id","dtime","test_id")
) PARTITION BY RANGE ("dtime");
--> statement-breakpoint
ALTER TABLE "unit_attributes" ADD CONSTRAINT "unit_attributes_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_credentials" ADD CONSTRAINT "unit_credentials_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unit_attributes_technology_idx" ON "unit_attributes" USING btree ("technology");--> statement-breakpoint
CREATE INDEX "unit_results_metric_time_idx" ON "unit_results" USING btree ("metric_id","dtime");