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
--> statement-breakpoint
-- Starts a chat exchange in one call, so one round trip stands between a send and its model call
-- (the first token waits for it), and the statement's plan is made once per connection, not at
-- every send (planning it cost more than running it). See modules/chat/exchange.ts.
--
-- Debits the model's points and, only if that matched, writes the conversation (when new), the user
-- message (or, regenerating, hides the last user message's reply), the `streaming` reply, the ledger
-- row; reads the context window of earlier turns. Every write hangs on the debit (`from debit`). The
-- statement's parts all read the database as it was before it, so `history` is the earlier turns.
-- The debit matches only a team points row of this month; when it does not, `points` (the row as it
-- is then) tells the caller why.
-- A second `streaming` reply in the conversation fails the whole call (chat_messages_one_streaming).
CREATE FUNCTION "chat_start_exchange"(
  p_conversation_id text, p_is_new boolean, p_title text, p_user_id integer, p_visitor_id text,
  p_team_id integer, p_agent_id integer, p_regenerate boolean, p_content text, p_attachments jsonb,
  p_model_id integer, p_points integer, p_window integer
) RETURNS json LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  started json;
BEGIN
  WITH asked_before AS (
    SELECT id, content, attachments FROM chat_messages
    WHERE p_regenerate AND conversation_id = p_conversation_id AND role = 'user'
    ORDER BY id DESC LIMIT 1
  ), debit AS (
    UPDATE team_points SET balance = balance - p_points, updated_at = now()
    WHERE team_id = p_team_id AND balance >= p_points
      AND period_start >= date_trunc('month', now())
      AND (NOT p_regenerate OR EXISTS (SELECT FROM asked_before))
    RETURNING balance
  ), new_conversation AS (
    INSERT INTO conversations (id, user_id, visitor_id, team_id, agent_id, title)
    SELECT p_conversation_id, p_user_id, p_visitor_id, p_team_id, p_agent_id, p_title
    FROM debit WHERE p_is_new
  ), counted AS (
    UPDATE agents SET conversation_count = conversation_count + 1
    WHERE p_is_new AND id = p_agent_id AND EXISTS (SELECT FROM debit)
  ), replaced AS (
    UPDATE chat_messages SET replaced_at = now()
    WHERE conversation_id = p_conversation_id AND parent_id = (SELECT id FROM asked_before)
      AND replaced_at IS NULL AND EXISTS (SELECT FROM debit)
  ), asked_now AS (
    INSERT INTO chat_messages (conversation_id, role, content, attachments, status)
    SELECT p_conversation_id, 'user', p_content, p_attachments, 'done'
    FROM debit WHERE NOT p_regenerate
    RETURNING id
  ), asked AS (
    SELECT id FROM asked_now
    UNION ALL SELECT id FROM asked_before WHERE EXISTS (SELECT FROM debit)
  ), reply AS (
    INSERT INTO chat_messages (conversation_id, role, status, model_id, points, parent_id)
    SELECT p_conversation_id, 'assistant', 'streaming', p_model_id, p_points, id FROM asked
    RETURNING id, parent_id
  ), ledger AS (
    INSERT INTO points_ledger (team_id, user_id, agent_id, conversation_id, message_id, model_id, points, reason)
    SELECT p_team_id, p_user_id, p_agent_id, p_conversation_id, id, p_model_id, -p_points, 'chat_reply'
    FROM reply
  ), touched AS (
    UPDATE conversations SET updated_at = now()
    WHERE id = p_conversation_id AND EXISTS (SELECT FROM reply)
  )
  SELECT json_build_object(
    'replyId', (SELECT id FROM reply),
    'askedId', (SELECT parent_id FROM reply),
    'askedBefore', (SELECT json_build_object('content', content, 'attachments', attachments) FROM asked_before),
    'history', (
      SELECT coalesce(json_agg(json_build_object('role', role, 'content', content, 'attachments', attachments)
                               ORDER BY id), '[]')
      FROM (SELECT id, role, content, attachments FROM chat_messages
            WHERE conversation_id = p_conversation_id AND replaced_at IS NULL
              AND (role = 'user' OR status <> 'failed')
              AND id < coalesce((SELECT id FROM asked_before), 2147483647)
            ORDER BY id DESC LIMIT greatest(p_window, 0)) earlier)
  ) INTO started;
  IF started->>'replyId' IS NULL THEN
    -- Why not: read as of now (a statement of its own), not as of before a concurrent send took them.
    started := (started::jsonb || jsonb_build_object('points', (
      SELECT jsonb_build_object('balance', balance, 'isCurrent', period_start >= date_trunc('month', now()))
      FROM team_points WHERE team_id = p_team_id)))::json;
  END IF;
  RETURN started;
END
$$;
