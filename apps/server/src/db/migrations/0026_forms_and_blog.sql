CREATE TABLE "blog_posts" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "blog_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_id" bigint NOT NULL,
	"title" text NOT NULL,
	"cover" text,
	"body_html" text DEFAULT '' NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"branch_id" bigint,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blog_views" (
	"company_id" bigint NOT NULL,
	"post_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_views_company_id_post_id_user_id_pk" PRIMARY KEY("company_id","post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "blog_views" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "form_answers" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "form_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"form_id" bigint NOT NULL,
	"values" jsonb NOT NULL,
	"source" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"student_id" bigint,
	"group_id" bigint,
	"teacher_id" bigint,
	"lead_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_answers_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "form_answers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "form_audit_links" (
	"company_id" bigint NOT NULL,
	"form_id" bigint NOT NULL,
	"token" text NOT NULL,
	"student_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"teacher_id" bigint,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer_id" bigint,
	CONSTRAINT "form_audit_links_company_id_token_pk" PRIMARY KEY("company_id","token")
);
--> statement-breakpoint
ALTER TABLE "form_audit_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "forms" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"success_text" text DEFAULT '' NOT NULL,
	"pixel_id" text,
	"image" text,
	"branch_id" bigint,
	"section_id" bigint,
	"source_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "forms_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "forms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "landing_pages" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "landing_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"blocks" jsonb NOT NULL,
	"pixel_id" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_pages_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "landing_pages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "login_looks" (
	"company_id" bigint NOT NULL,
	"welcome" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"background" text,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_looks_company_id_pk" PRIMARY KEY("company_id")
);
--> statement-breakpoint
ALTER TABLE "login_looks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_company_id_author_id_users_company_id_id_fk" FOREIGN KEY ("company_id","author_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_views" ADD CONSTRAINT "blog_views_company_id_post_id_blog_posts_company_id_id_fk" FOREIGN KEY ("company_id","post_id") REFERENCES "public"."blog_posts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_views" ADD CONSTRAINT "blog_views_company_id_user_id_users_company_id_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_company_id_form_id_forms_company_id_id_fk" FOREIGN KEY ("company_id","form_id") REFERENCES "public"."forms"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_audit_links" ADD CONSTRAINT "form_audit_links_company_id_form_id_forms_company_id_id_fk" FOREIGN KEY ("company_id","form_id") REFERENCES "public"."forms"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_audit_links" ADD CONSTRAINT "form_audit_links_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_posts_company_id_published_at_index" ON "blog_posts" USING btree ("company_id","published_at");--> statement-breakpoint
CREATE INDEX "form_answers_company_id_form_id_created_at_index" ON "form_answers" USING btree ("company_id","form_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_audit_links_company_id_form_id_student_id_group_id_index" ON "form_audit_links" USING btree ("company_id","form_id","student_id","group_id");--> statement-breakpoint
CREATE INDEX "forms_company_id_kind_id_index" ON "forms" USING btree ("company_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_company_id_slug_index" ON "landing_pages" USING btree ("company_id","slug");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "blog_posts" AS PERMISSIVE FOR ALL TO "app_user" USING ("blog_posts"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("blog_posts"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "blog_views" AS PERMISSIVE FOR ALL TO "app_user" USING ("blog_views"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("blog_views"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "form_answers" AS PERMISSIVE FOR ALL TO "app_user" USING ("form_answers"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("form_answers"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "form_audit_links" AS PERMISSIVE FOR ALL TO "app_user" USING ("form_audit_links"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("form_audit_links"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "forms" AS PERMISSIVE FOR ALL TO "app_user" USING ("forms"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("forms"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "landing_pages" AS PERMISSIVE FOR ALL TO "app_user" USING ("landing_pages"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("landing_pages"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "login_looks" AS PERMISSIVE FOR ALL TO "app_user" USING ("login_looks"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("login_looks"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);