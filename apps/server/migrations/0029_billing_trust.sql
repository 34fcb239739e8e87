CREATE TABLE "team_billing_profiles" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"billing_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_billing_profiles" ADD CONSTRAINT "team_billing_profiles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
