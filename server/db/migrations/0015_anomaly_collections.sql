CREATE TABLE "anomaly_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"panel_id" integer NOT NULL,
	"area" text NOT NULL,
	"source" text DEFAULT 'detector' NOT NULL,
	"state" "anomaly_state" DEFAULT 'new' NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "anomaly_collections_key" UNIQUE("panel_id","area","first_seen")
);
--> statement-breakpoint
ALTER TABLE "anomalies" ADD COLUMN "collection_id" integer;--> statement-breakpoint
ALTER TABLE "anomalies" ADD COLUMN "last_seen" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "anomalies" ADD COLUMN "value" double precision;--> statement-breakpoint
ALTER TABLE "anomalies" ADD COLUMN "baseline" double precision;--> statement-breakpoint
ALTER TABLE "anomalies" ADD COLUMN "trend" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "anomaly_collections" ADD CONSTRAINT "anomaly_collections_panel_id_panels_pid_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."panels"("pid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anomaly_collections_inbox_idx" ON "anomaly_collections" USING btree ("panel_id","state","first_seen");--> statement-breakpoint
ALTER TABLE "anomalies" ADD CONSTRAINT "anomalies_collection_id_anomaly_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."anomaly_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anomalies" ADD CONSTRAINT "anomalies_collection_key" UNIQUE("collection_id","type","metric");--> statement-breakpoint
-- Outages recorded before collections existed become one collection each (seeds 001 §3 metric name).
UPDATE "anomalies" SET "metric" = 'outage' WHERE "type" = 'outage' AND "metric" = 'connection';--> statement-breakpoint
WITH made AS (
	INSERT INTO "anomaly_collections" ("panel_id", "area", "source", "state", "first_seen", "last_seen", "closed_at", "metadata")
	SELECT "panel_id", coalesce("metadata"->>'mac_domain', 'anomaly-' || "id"), 'outage', "state", "first_seen",
	       coalesce("closed_at", "first_seen"), "closed_at",
	       jsonb_build_object('hub_site', "metadata"->>'hub_site', 'cmts_name', "metadata"->>'cmts', 'mac_domain', "metadata"->>'mac_domain')
	FROM "anomalies" WHERE "collection_id" IS NULL
	ON CONFLICT ("panel_id", "area", "first_seen") DO NOTHING
	RETURNING "id", "panel_id", "area", "first_seen"
)
UPDATE "anomalies" a SET "collection_id" = made."id", "last_seen" = coalesce(a."closed_at", a."first_seen")
FROM made
WHERE a."collection_id" IS NULL AND a."panel_id" = made."panel_id" AND a."first_seen" = made."first_seen"
  AND coalesce(a."metadata"->>'mac_domain', 'anomaly-' || a."id") = made."area";
