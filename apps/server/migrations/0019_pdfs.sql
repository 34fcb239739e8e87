-- PDFs in the catalogue (issue 15): a `pdf` node's uploaded file and its pages' text, which the knowledge index chunks.
CREATE TABLE "document_pdfs" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"page_count" integer NOT NULL,
	"page_texts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_pdfs" ADD CONSTRAINT "document_pdfs_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_pdfs" ADD CONSTRAINT "document_pdfs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_pdfs_file" ON "document_pdfs" USING btree ("file_id");