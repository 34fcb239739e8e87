CREATE TABLE "server_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "owner_id" text;
--> statement-breakpoint
-- Replies streaming before this version have no owner: the first sweep fails and refunds them.
-- chat_start_exchange (0008) as it was, plus the process that generates the reply (`p_owner_id`).
DROP FUNCTION "chat_start_exchange"(text, boolean, text, integer, text, integer, integer, boolean, text, jsonb, integer, integer, integer);
--> statement-breakpoint
CREATE FUNCTION "chat_start_exchange"(
  p_conversation_id text, p_is_new boolean, p_title text, p_user_id integer, p_visitor_id text,
  p_team_id integer, p_agent_id integer, p_regenerate boolean, p_content text, p_attachments jsonb,
  p_model_id integer, p_points integer, p_window integer, p_owner_id text
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
    INSERT INTO chat_messages (conversation_id, role, status, model_id, points, parent_id, owner_id)
    SELECT p_conversation_id, 'assistant', 'streaming', p_model_id, p_points, id, p_owner_id FROM asked
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
