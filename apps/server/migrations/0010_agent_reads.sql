-- Reads every call on an agent makes first, as database functions: one call each, with plans made
-- once per connection rather than at every request (planning a join costs more than running it,
-- above all on PGlite). modules/agent/agent-data.ts and modules/chat/routes.ts call them.

-- An agent of a live team, found by id (or, when p_agent_id is null, by its public key), with the
-- caller's roles in its team and their per-agent permission (none for a visitor: p_user_id null);
-- null when there is none.
CREATE FUNCTION "agent_with_actor"(p_agent_id integer, p_agent_key text, p_user_id integer)
RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_agent agents;
BEGIN
  IF p_agent_id IS NOT NULL THEN
    SELECT a.* INTO found_agent FROM agents a
    JOIN teams t ON t.id = a.team_id AND t.deleted_at IS NULL
    WHERE a.id = p_agent_id;
  ELSE
    SELECT a.* INTO found_agent FROM agents a
    JOIN teams t ON t.id = a.team_id AND t.deleted_at IS NULL
    WHERE a.agent_key = p_agent_key;
  END IF;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object(
    'agent', row_to_json(found_agent),
    'teamRoles', (SELECT team_roles FROM team_members
                  WHERE team_id = found_agent.team_id AND user_id = p_user_id),
    'permission', (SELECT permission FROM agent_members
                   WHERE agent_id = found_agent.id AND user_id = p_user_id));
END
$$;
--> statement-breakpoint
-- A chat send's context: the caller's own live conversation (a user's by p_user_id, else a
-- visitor's by p_visitor_id) and `agent_with_actor` of its agent; null when there is no such
-- conversation.
CREATE FUNCTION "chat_send_context"(p_conversation_id text, p_user_id integer, p_visitor_id text)
RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_conversation conversations;
BEGIN
  SELECT * INTO found_conversation FROM conversations
  WHERE id = p_conversation_id AND deleted_at IS NULL
    AND (user_id = p_user_id OR (p_user_id IS NULL AND visitor_id = p_visitor_id));
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object(
    'conversation', row_to_json(found_conversation),
    'agent', agent_with_actor(found_conversation.agent_id, NULL, p_user_id));
END
$$;
