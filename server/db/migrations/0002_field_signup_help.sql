CREATE TABLE "hc_articles" (
	"id" integer NOT NULL,
	"locale" text NOT NULL,
	"section_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"label_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"promoted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hc_articles_id_locale_pk" PRIMARY KEY("id","locale")
);
--> statement-breakpoint
CREATE TABLE "hc_categories" (
	"id" integer NOT NULL,
	"locale" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hc_categories_id_locale_pk" PRIMARY KEY("id","locale")
);
--> statement-breakpoint
CREATE TABLE "hc_sections" (
	"id" integer NOT NULL,
	"locale" text NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hc_sections_id_locale_pk" PRIMARY KEY("id","locale")
);
--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "source" text DEFAULT 'contact' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "serial_number" text;--> statement-breakpoint
-- Existing units get the serial the seed gives new ones (server/db/serial-number.ts): WB + 8 digits of the id.
UPDATE "units" SET "serial_number" = 'WB' || lpad("id"::text, 8, '0');--> statement-breakpoint
ALTER TABLE "units" ALTER COLUMN "serial_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD COLUMN "mobile_number" text;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD COLUMN "fibre_availability" boolean;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD COLUMN "isp_other" text;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD COLUMN "package_other" text;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD COLUMN "locale" text DEFAULT 'en_GB' NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD COLUMN "installation_address" jsonb;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD COLUMN "agreed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "hc_articles_section_idx" ON "hc_articles" USING btree ("section_id","locale");--> statement-breakpoint
CREATE INDEX "hc_sections_category_idx" ON "hc_sections" USING btree ("category_id","locale");--> statement-breakpoint
CREATE INDEX "units_owner_idx" ON "units" USING btree ("owner_user_id");--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_serial_number_unique" UNIQUE("serial_number");