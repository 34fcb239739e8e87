-- Sites (modules/sites): the numbered versions of a conversation's site, built from its replies, and the versions shared by link.
CREATE TABLE "site_shares" (
	"code" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_versions" (
	"conversation_id" text NOT NULL,
	"version" integer NOT NULL,
	"message_id" integer,
	"status" text DEFAULT 'building' NOT NULL,
	"files" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"output" jsonb,
	"builder_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"built_at" timestamp with time zone,
	CONSTRAINT "site_versions_conversation_id_version_pk" PRIMARY KEY("conversation_id","version")
);
--> statement-breakpoint
ALTER TABLE "site_shares" ADD CONSTRAINT "site_shares_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_shares" ADD CONSTRAINT "site_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_versions" ADD CONSTRAINT "site_versions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_versions" ADD CONSTRAINT "site_versions_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_shares_version" ON "site_shares" USING btree ("conversation_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "site_versions_message" ON "site_versions" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "site_versions_building" ON "site_versions" USING btree ("status") WHERE "site_versions"."status" = 'building';