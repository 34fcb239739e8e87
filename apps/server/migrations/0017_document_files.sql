-- Uploads a document holds (modules/project/storage.ts): a file counts towards its team's storage while one does.
CREATE TABLE "document_files" (
	"document_id" integer NOT NULL,
	"file_id" text NOT NULL,
	CONSTRAINT "document_files_document_id_file_id_pk" PRIMARY KEY("document_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_files_file" ON "document_files" USING btree ("file_id");