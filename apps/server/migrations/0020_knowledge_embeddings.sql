-- Knowledge embeddings (modules/knowledge): chunk vectors of the platform's embedding model, and which content each document was embedded from.
CREATE TABLE "knowledge_embedding_states" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"model_key" text NOT NULL,
	"content_hash" text NOT NULL,
	"embedded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_embeddings" (
	"document_id" integer NOT NULL,
	"chunk_hash" text NOT NULL,
	"model_id" integer NOT NULL,
	"model_key" text NOT NULL,
	"project_id" integer NOT NULL,
	"dimensions" integer NOT NULL,
	"embedding" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_embeddings_model_id_document_id_chunk_hash_pk" PRIMARY KEY("model_id","document_id","chunk_hash")
);
--> statement-breakpoint
ALTER TABLE "knowledge_embedding_states" ADD CONSTRAINT "knowledge_embedding_states_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_embeddings" ADD CONSTRAINT "knowledge_embeddings_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_embeddings" ADD CONSTRAINT "knowledge_embeddings_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_embeddings" ADD CONSTRAINT "knowledge_embeddings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_embeddings_project" ON "knowledge_embeddings" USING btree ("project_id","model_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_embeddings_document" ON "knowledge_embeddings" USING btree ("document_id");;--> statement-breakpoint
-- pgvector where the database offers it (the embedded database does; Debian's PostgreSQL 15 does not):
-- a `vec` column the server fills beside `embedding` and searches with `<=>`. Without it, or without the
-- right to create the extension, vectors are compared in the server.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS vector;
      ALTER TABLE "knowledge_embeddings" ADD COLUMN IF NOT EXISTS "vec" vector;
    EXCEPTION WHEN insufficient_privilege OR feature_not_supported THEN
      RAISE NOTICE 'pgvector is available but could not be enabled: vectors are compared in the server';
    END;
  END IF;
END $$;
