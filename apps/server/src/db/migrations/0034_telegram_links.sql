CREATE TABLE "telegram_link_tokens" (
	"company_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "telegram_link_tokens_company_id_token_hash_pk" PRIMARY KEY("company_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "telegram_links" (
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"chat_id" text NOT NULL,
	"language" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_links_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "telegram_links_chat" UNIQUE("company_id","chat_id")
);
--> statement-breakpoint
ALTER TABLE "telegram_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "telegram_link_tokens" ADD CONSTRAINT "telegram_link_tokens_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "telegram_link_tokens" AS PERMISSIVE FOR ALL TO "app_user" USING ("telegram_link_tokens"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("telegram_link_tokens"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "telegram_links" AS PERMISSIVE FOR ALL TO "app_user" USING ("telegram_links"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("telegram_links"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE INDEX "telegram_links_by_chat" ON "telegram_links" USING btree ("chat_id");--> statement-breakpoint
-- An update from Telegram names a chat, not a company: the bot asks which companies' users linked this chat.
-- SECURITY DEFINER (like add_to_balances) answers only the pairs of this one chat, never a row's content.
CREATE FUNCTION "telegram_chat_users"(chat text) RETURNS TABLE(company_id bigint, user_id bigint)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT l.company_id, l.user_id FROM telegram_links l WHERE l.chat_id = chat ORDER BY l.company_id, l.user_id
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION "telegram_chat_users"(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "telegram_chat_users"(text) TO "app_user";
