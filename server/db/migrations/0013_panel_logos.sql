CREATE TABLE "panel_logos" (
	"panel_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"image" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "panel_logos" ADD CONSTRAINT "panel_logos_panel_id_panels_pid_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."panels"("pid") ON DELETE cascade ON UPDATE no action;