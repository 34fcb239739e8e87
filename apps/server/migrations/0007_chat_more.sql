CREATE TABLE "conversation_shares" (
	"code" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"last_message_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_feedback" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"agent_id" integer NOT NULL,
	"rating" text NOT NULL,
	"reason" text,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "team_points" ADD COLUMN "period_start" timestamp with time zone DEFAULT date_trunc('month', now()) NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_shares" ADD CONSTRAINT "conversation_shares_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_shares" ADD CONSTRAINT "conversation_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_feedback" ADD CONSTRAINT "message_feedback_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_feedback" ADD CONSTRAINT "message_feedback_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_feedback" ADD CONSTRAINT "message_feedback_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_shares_conversation" ON "conversation_shares" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "message_feedback_agent_time" ON "message_feedback" USING btree ("agent_id","updated_at");--> statement-breakpoint
CREATE INDEX "conversations_visitor_agent" ON "conversations" USING btree ("visitor_id","agent_id","updated_at");--> statement-breakpoint
CREATE INDEX "conversations_agent_time" ON "conversations" USING btree ("agent_id","created_at");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_someone" CHECK ("conversations"."user_id" is not null or "conversations"."visitor_id" is not null);