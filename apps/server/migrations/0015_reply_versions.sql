ALTER TABLE "conversation_shares" ADD COLUMN "hidden_reply_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;
--> statement-breakpoint
-- Shares made before: the replies a regeneration had hidden when they were made, as the old rule read them.
UPDATE "conversation_shares" s SET "hidden_reply_ids" = coalesce((
  SELECT array_agg(m."id") FROM "chat_messages" m
  WHERE m."conversation_id" = s."conversation_id" AND m."id" <= s."last_message_id"
    AND m."replaced_at" <= s."created_at"
), '{}'::integer[]);
