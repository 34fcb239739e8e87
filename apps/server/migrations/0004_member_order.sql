DROP INDEX "team_members_team_joined";--> statement-breakpoint
CREATE INDEX "team_members_team_joined" ON "team_members" USING btree ("team_id","joined_at","user_id");