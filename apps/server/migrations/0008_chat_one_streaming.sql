-- Before the index: a conversation with more than one reply still marked streaming (processes raced,
-- or one died) keeps its newest; the older ones fail (2005, system busy) and are refunded, as the
-- stale-reply check does.
WITH "extra" AS (
  SELECT m."id", m."conversation_id", m."model_id", m."points", c."team_id", c."user_id", c."agent_id"
  FROM "chat_messages" m JOIN "conversations" c ON c."id" = m."conversation_id"
  WHERE m."status" = 'streaming'
    AND m."id" < (SELECT max(n."id") FROM "chat_messages" n
                  WHERE n."conversation_id" = m."conversation_id" AND n."status" = 'streaming')
), "failed" AS (
  UPDATE "chat_messages" SET "status" = 'failed', "error_code" = 2005, "points" = 0
  WHERE "id" IN (SELECT "id" FROM "extra")
), "refunds" AS (
  INSERT INTO "points_ledger" ("team_id", "user_id", "agent_id", "conversation_id", "message_id", "model_id", "points", "reason")
  SELECT "team_id", "user_id", "agent_id", "conversation_id", "id", "model_id", "points", 'chat_refund'
  FROM "extra" WHERE "points" > 0
)
UPDATE "team_points" t SET "balance" = t."balance" + r."points"
FROM (SELECT "team_id", sum("points")::int AS "points" FROM "extra" GROUP BY "team_id") r
WHERE t."team_id" = r."team_id";--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_one_streaming" ON "chat_messages" USING btree ("conversation_id") WHERE "chat_messages"."status" = 'streaming';
