-- First run (issue 29 section 6): every team's default assistant, the platform's default model, a
-- model chosen per conversation, and the one-time setup links that make the first platform admin.
ALTER TABLE "agents" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "agents_team_default" ON "agents" USING btree ("team_id") WHERE "is_default" AND "deleted_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "models_platform_default" ON "models" USING btree ("is_default") WHERE "is_default";
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "model_id" integer;
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "setup_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "setup_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	CONSTRAINT "setup_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "setup_tokens" ADD CONSTRAINT "setup_tokens_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The model an agent without one of its own answers with: the one the operator made the default,
-- else the first usable one in the operator's order; null while none is usable.
CREATE FUNCTION "platform_default_model_id"() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT m.id FROM models m JOIN model_providers p ON p.id = m.provider_id
  WHERE m.enabled AND m.type = 'completion' AND p.enabled
  ORDER BY m.is_default DESC, m.sort, m.id
  LIMIT 1
$$;
--> statement-breakpoint
-- The default assistant's configuration in the team owner's language (English for any other).
CREATE FUNCTION "default_assistant_config"(p_locale text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('name', t.name, 'description', t.description, 'prompt', t.prompt,
    'first_question', t.first_question, 'greeting', t.greeting, 'avatar', '', 'model_id', NULL,
    'markdown', true, 'suggest_questions', false)
  FROM (VALUES
    ('en-US', 'Assistant', 'Your team''s everyday AI assistant: ask, write, translate, summarise.',
      E'You are a helpful, honest assistant for a team.\n- Answer in the language the user writes in.\n- Be concise; use lists, tables and code blocks where they help.\n- Say so when you are not sure, and never invent facts, names or numbers.',
      'What can you help me with?', 'Hello! Ask me anything, or paste a text to rewrite, translate or summarise.'),
    ('zh-CN', '智能助手', '团队的日常 AI 助手：问答、写作、翻译、总结。',
      E'你是团队中乐于助人、诚实的助手。\n- 用用户所用的语言回答。\n- 简明扼要；需要时使用列表、表格和代码块。\n- 不确定时直说，绝不编造事实、名称或数字。',
      '你能帮我做什么？', '你好！有什么问题尽管问，也可以粘贴一段文字让我改写、翻译或总结。'),
    ('zh-TW', '智慧助理', '團隊的日常 AI 助理：問答、寫作、翻譯、摘要。',
      E'你是團隊中樂於助人、誠實的助理。\n- 用使用者所用的語言回答。\n- 簡明扼要；需要時使用清單、表格和程式碼區塊。\n- 不確定時直說，絕不捏造事實、名稱或數字。',
      '你能幫我做什麼？', '你好！有什麼問題儘管問，也可以貼上一段文字讓我改寫、翻譯或摘要。'),
    ('ja-JP', 'アシスタント', 'チームの日常の AI アシスタント：質問、文章作成、翻訳、要約。',
      E'あなたはチームのための親切で誠実なアシスタントです。\n- ユーザーが書いた言語で答えてください。\n- 簡潔に。必要に応じて箇条書き、表、コードブロックを使ってください。\n- 確かでないときはそう伝え、事実・名前・数字を作り上げないでください。',
      '何を手伝ってもらえますか？', 'こんにちは！何でも聞いてください。文章の書き直し、翻訳、要約もできます。')
  ) AS t(locale, name, description, prompt, first_question, greeting)
  WHERE t.locale = CASE WHEN p_locale IN ('en-US', 'zh-CN', 'zh-TW', 'ja-JP') THEN p_locale ELSE 'en-US' END
$$;
--> statement-breakpoint
-- A team's default assistant: published, open to the whole team, owned by the team's owner, on the
-- platform's default model (no model of its own). The chat page opens it while a user lists no agent.
CREATE FUNCTION "create_default_assistant"(p_team_id integer, p_owner_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  config jsonb;
BEGIN
  SELECT default_assistant_config(u.language_key) INTO config FROM users u WHERE u.id = p_owner_id;
  IF config IS NULL THEN
    config := default_assistant_config('en-US');
  END IF;
  INSERT INTO agents (agent_key, team_id, owner_id, status, access, name, description, avatar,
    draft, published, published_at, is_default)
  VALUES (replace(gen_random_uuid()::text, '-', ''), p_team_id, p_owner_id, 'published', 'team_public',
    config->>'name', config->>'description', '', config, config, now(), true);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "teams_default_assistant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM create_default_assistant(NEW.id, NEW.owner_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "teams_default_assistant" AFTER INSERT ON "teams" FOR EACH ROW EXECUTE FUNCTION teams_default_assistant();
--> statement-breakpoint
SELECT create_default_assistant(t.id, t.owner_id) FROM teams t
WHERE NOT EXISTS (SELECT 1 FROM agents a WHERE a.team_id = t.id AND a.is_default AND a.deleted_at IS NULL);
