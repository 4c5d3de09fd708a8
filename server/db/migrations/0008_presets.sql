CREATE TYPE "public"."preset_visibility" AS ENUM('private', 'organisation');--> statement-breakpoint
CREATE TABLE "preset_alert_uses" (
	"preset_id" integer NOT NULL,
	"alert_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preset_alert_uses_preset_id_alert_name_pk" PRIMARY KEY("preset_id","alert_name")
);
--> statement-breakpoint
CREATE TABLE "preset_stars" (
	"user_id" integer NOT NULL,
	"preset_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preset_stars_user_id_preset_id_pk" PRIMARY KEY("user_id","preset_id")
);
--> statement-breakpoint
CREATE TABLE "preset_views" (
	"user_id" integer NOT NULL,
	"preset_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preset_views_user_id_preset_id_pk" PRIMARY KEY("user_id","preset_id")
);
--> statement-breakpoint
CREATE TABLE "presets" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"visibility" "preset_visibility" DEFAULT 'private' NOT NULL,
	"created_by" integer,
	"archived_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presets_version_positive" CHECK ("presets"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "preset_alert_uses" ADD CONSTRAINT "preset_alert_uses_preset_id_presets_id_fk" FOREIGN KEY ("preset_id") REFERENCES "public"."presets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset_stars" ADD CONSTRAINT "preset_stars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset_stars" ADD CONSTRAINT "preset_stars_preset_id_presets_id_fk" FOREIGN KEY ("preset_id") REFERENCES "public"."presets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset_views" ADD CONSTRAINT "preset_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preset_views" ADD CONSTRAINT "preset_views_preset_id_presets_id_fk" FOREIGN KEY ("preset_id") REFERENCES "public"."presets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preset_stars_preset_idx" ON "preset_stars" USING btree ("preset_id");--> statement-breakpoint
CREATE INDEX "preset_views_preset_idx" ON "preset_views" USING btree ("preset_id");--> statement-breakpoint
CREATE INDEX "presets_owner_idx" ON "presets" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "presets_created_by_idx" ON "presets" USING btree ("created_by");