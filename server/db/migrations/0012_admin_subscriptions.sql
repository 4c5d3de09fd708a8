CREATE TABLE "agent_activation_tokens" (
	"panel_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_by" integer,
	"regenerated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_activation_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "data_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"panel_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_subscriptions" (
	"data_subscription_id" integer NOT NULL,
	"feature" text NOT NULL,
	"seats" integer NOT NULL,
	CONSTRAINT "feature_subscriptions_data_subscription_id_feature_pk" PRIMARY KEY("data_subscription_id","feature")
);
--> statement-breakpoint
CREATE TABLE "instant_test_api_usage" (
	"panel_id" integer NOT NULL,
	"token_id" integer NOT NULL,
	"token_name" text NOT NULL,
	"month" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"tests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "instant_test_api_usage_panel_id_token_id_month_pk" PRIMARY KEY("panel_id","token_id","month")
);
--> statement-breakpoint
CREATE TABLE "subscription_group_features" (
	"group_id" integer NOT NULL,
	"feature" text NOT NULL,
	CONSTRAINT "subscription_group_features_group_id_feature_pk" PRIMARY KEY("group_id","feature")
);
--> statement-breakpoint
CREATE TABLE "subscription_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"data_subscription_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_activation_tokens" ADD CONSTRAINT "agent_activation_tokens_panel_id_panels_pid_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."panels"("pid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_activation_tokens" ADD CONSTRAINT "agent_activation_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_subscriptions" ADD CONSTRAINT "data_subscriptions_panel_id_panels_pid_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."panels"("pid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_subscriptions" ADD CONSTRAINT "feature_subscriptions_data_subscription_id_data_subscriptions_id_fk" FOREIGN KEY ("data_subscription_id") REFERENCES "public"."data_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instant_test_api_usage" ADD CONSTRAINT "instant_test_api_usage_panel_id_panels_pid_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."panels"("pid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_group_features" ADD CONSTRAINT "subscription_group_features_group_id_subscription_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."subscription_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_group_members" ADD CONSTRAINT "subscription_group_members_group_id_subscription_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."subscription_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_group_members" ADD CONSTRAINT "subscription_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_groups" ADD CONSTRAINT "subscription_groups_data_subscription_id_data_subscriptions_id_fk" FOREIGN KEY ("data_subscription_id") REFERENCES "public"."data_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_subscriptions_panel_idx" ON "data_subscriptions" USING btree ("panel_id");--> statement-breakpoint
CREATE INDEX "subscription_group_members_user_idx" ON "subscription_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_groups_name_idx" ON "subscription_groups" USING btree ("data_subscription_id",lower("name"));