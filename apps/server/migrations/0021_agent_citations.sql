CREATE TABLE "message_citations" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"citations" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_citations" ADD CONSTRAINT "message_citations_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;