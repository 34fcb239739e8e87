CREATE TABLE "billing_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"team_id" integer NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer,
	"ver_id" integer NOT NULL,
	"pricing_plan_id" integer,
	"period_type" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"session_id" text,
	"provider_invoice_id" text,
	"invoice_url" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"ver_id" integer PRIMARY KEY NOT NULL,
	"sort" integer NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"monthly_points" integer NOT NULL,
	"storage_bytes" bigint NOT NULL,
	"member_limit" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_pricing_plans" (
	"plan_id" integer PRIMARY KEY NOT NULL,
	"ver_id" integer NOT NULL,
	"period_type" integer NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"recommend" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"stripe_price_id" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_cards" (
	"payment_method_id" text PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"action_token" text,
	"payment_method_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_setup_intents" (
	"client_secret" text PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"payment_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_payment_methods" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_subscriptions" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"ver_id" integer NOT NULL,
	"pricing_plan_id" integer,
	"period_type" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"provider_customer_id" text,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"cancel_reason" text,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"next_amount" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"expiry_settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD CONSTRAINT "billing_orders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_orders" ADD CONSTRAINT "billing_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_pricing_plans" ADD CONSTRAINT "billing_pricing_plans_ver_id_billing_plans_ver_id_fk" FOREIGN KEY ("ver_id") REFERENCES "public"."billing_plans"("ver_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_cards" ADD CONSTRAINT "sandbox_cards_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD CONSTRAINT "sandbox_sessions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_setup_intents" ADD CONSTRAINT "sandbox_setup_intents_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_payment_methods" ADD CONSTRAINT "team_payment_methods_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_subscriptions" ADD CONSTRAINT "team_subscriptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_events_team_time" ON "billing_events" USING btree ("team_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_orders_order_no" ON "billing_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_orders_session" ON "billing_orders" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "billing_orders_team_time" ON "billing_orders" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_orders_pending" ON "billing_orders" USING btree ("status") WHERE "billing_orders"."status" = 0;--> statement-breakpoint
CREATE INDEX "billing_pricing_plans_ver" ON "billing_pricing_plans" USING btree ("ver_id");