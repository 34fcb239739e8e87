-- Knowledge (modules/knowledge): documents cut into chunks with full-text terms, and each document's index state.
CREATE TABLE "knowledge_chunks" (
	"document_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"project_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"page" integer,
	"terms" "tsvector" NOT NULL,
	CONSTRAINT "knowledge_chunks_document_id_ordinal_pk" PRIMARY KEY("document_id","ordinal")
);
--> statement-breakpoint
CREATE TABLE "knowledge_index_states" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"state" text NOT NULL,
	"error" text,
	"content_hash" text,
	"source_at" timestamp with time zone,
	"indexed_at" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_index_states" ADD CONSTRAINT "knowledge_index_states_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_index_states" ADD CONSTRAINT "knowledge_index_states_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_chunks_terms" ON "knowledge_chunks" USING gin ("terms");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_project" ON "knowledge_chunks" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "knowledge_index_states_due" ON "knowledge_index_states" USING btree ("changed_at") WHERE "knowledge_index_states"."state" = 'indexing';--> statement-breakpoint
CREATE INDEX "knowledge_index_states_unready" ON "knowledge_index_states" USING btree ("project_id","changed_at") WHERE "knowledge_index_states"."state" <> 'ready';--> statement-breakpoint
-- Documents written before this migration are indexed in the background once a server starts.
INSERT INTO "knowledge_index_states" ("document_id", "project_id", "state")
  SELECT s."document_id", d."project_id", 'indexing' FROM "document_states" s
  JOIN "documents" d ON d."id" = s."document_id";