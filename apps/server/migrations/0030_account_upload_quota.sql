ALTER TABLE "files" ADD COLUMN "quota_team_id" integer;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_quota_team_id_teams_id_fk" FOREIGN KEY ("quota_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "files_quota_team" ON "files" USING btree ("quota_team_id");
