CREATE TABLE "dashboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"created_by" integer,
	"name" text NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"contents" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboards_type_known" CHECK ("dashboards"."type" IN ('warboard', 'report')),
	CONSTRAINT "dashboards_version_positive" CHECK ("dashboards"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboards_owner_idx" ON "dashboards" USING btree ("owner_id");