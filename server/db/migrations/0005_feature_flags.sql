CREATE TABLE "feature_flag_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"flag" text NOT NULL,
	"organisation_id" integer,
	"panel_id" integer,
	"enabled" boolean NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_flag_settings_place_key" UNIQUE NULLS NOT DISTINCT("flag","organisation_id","panel_id"),
	CONSTRAINT "feature_flag_settings_one_place" CHECK ("feature_flag_settings"."organisation_id" IS NULL OR "feature_flag_settings"."panel_id" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "feature_flag_settings" ADD CONSTRAINT "feature_flag_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flag_settings" ADD CONSTRAINT "feature_flag_settings_panel_id_panels_pid_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."panels"("pid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flag_settings" ADD CONSTRAINT "feature_flag_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;