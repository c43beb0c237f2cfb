CREATE TABLE "lead_board_clocks" (
	"company_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"last_time" bigint DEFAULT 0 NOT NULL,
	"kept_from" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_board_clocks_company_id_branch_id_pk" PRIMARY KEY("company_id","branch_id")
);
--> statement-breakpoint
ALTER TABLE "lead_board_clocks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead_column_titles" (
	"company_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"column" text NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "lead_column_titles_company_id_branch_id_column_pk" PRIMARY KEY("company_id","branch_id","column")
);
--> statement-breakpoint
ALTER TABLE "lead_column_titles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead_increments" (
	"company_id" bigint NOT NULL,
	"branch_id" bigint NOT NULL,
	"time" bigint NOT NULL,
	"action" text NOT NULL,
	"type" text NOT NULL,
	"uuid" text NOT NULL,
	"data" jsonb NOT NULL,
	"location" jsonb,
	"author_id" bigint,
	"client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_increments_company_id_branch_id_time_pk" PRIMARY KEY("company_id","branch_id","time")
);
--> statement-breakpoint
ALTER TABLE "lead_increments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead_reasons" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lead_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"staff_id" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_reasons_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "lead_reasons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead_sections" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lead_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" bigint NOT NULL,
	"column" text NOT NULL,
	"title" text NOT NULL,
	"position" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "lead_sections_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "lead_sections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead_sources" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "lead_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_sources_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "lead_sources" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead_tags" (
	"company_id" bigint NOT NULL,
	"lead_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "lead_tags_company_id_lead_id_tag_id_pk" PRIMARY KEY("company_id","lead_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "lead_tags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "leads" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"comment" text,
	"course_id" bigint,
	"source_id" bigint,
	"admin_id" bigint,
	"column" text DEFAULT 'incoming' NOT NULL,
	"section_id" bigint,
	"position" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"set_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"archive_reason_id" bigint,
	"student_id" bigint,
	"converted_at" timestamp with time zone,
	CONSTRAINT "leads_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "leads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lead_board_clocks" ADD CONSTRAINT "lead_board_clocks_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_column_titles" ADD CONSTRAINT "lead_column_titles_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_increments" ADD CONSTRAINT "lead_increments_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reasons" ADD CONSTRAINT "lead_reasons_company_id_staff_id_users_company_id_id_fk" FOREIGN KEY ("company_id","staff_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_sections" ADD CONSTRAINT "lead_sections_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_tags" ADD CONSTRAINT "lead_tags_company_id_lead_id_leads_company_id_id_fk" FOREIGN KEY ("company_id","lead_id") REFERENCES "public"."leads"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_tags" ADD CONSTRAINT "lead_tags_company_id_tag_id_tags_company_id_id_fk" FOREIGN KEY ("company_id","tag_id") REFERENCES "public"."tags"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_company_id_course_id_courses_company_id_id_fk" FOREIGN KEY ("company_id","course_id") REFERENCES "public"."courses"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_company_id_source_id_lead_sources_company_id_id_fk" FOREIGN KEY ("company_id","source_id") REFERENCES "public"."lead_sources"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_company_id_admin_id_users_company_id_id_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_company_id_section_id_lead_sections_company_id_id_fk" FOREIGN KEY ("company_id","section_id") REFERENCES "public"."lead_sections"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_company_id_archive_reason_id_lead_reasons_company_id_id_fk" FOREIGN KEY ("company_id","archive_reason_id") REFERENCES "public"."lead_reasons"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_reasons_title" ON "lead_reasons" USING btree ("company_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "lead_sections_uuid" ON "lead_sections" USING btree ("company_id","uuid");--> statement-breakpoint
CREATE INDEX "lead_sections_company_id_branch_id_column_index" ON "lead_sections" USING btree ("company_id","branch_id","column");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_sources_name" ON "lead_sources" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "lead_tags_company_id_tag_id_index" ON "lead_tags" USING btree ("company_id","tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_uuid" ON "leads" USING btree ("company_id","uuid");--> statement-breakpoint
CREATE INDEX "leads_board" ON "leads" USING btree ("company_id","branch_id","column","section_id","position") WHERE "leads"."archived_at" is null and "leads"."student_id" is null;--> statement-breakpoint
CREATE INDEX "leads_company_id_branch_id_created_at_index" ON "leads" USING btree ("company_id","branch_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_company_id_phone_index" ON "leads" USING btree ("company_id","phone");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lead_board_clocks" AS PERMISSIVE FOR ALL TO "app_user" USING ("lead_board_clocks"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("lead_board_clocks"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lead_column_titles" AS PERMISSIVE FOR ALL TO "app_user" USING ("lead_column_titles"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("lead_column_titles"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lead_increments" AS PERMISSIVE FOR ALL TO "app_user" USING ("lead_increments"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("lead_increments"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lead_reasons" AS PERMISSIVE FOR ALL TO "app_user" USING ("lead_reasons"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("lead_reasons"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lead_sections" AS PERMISSIVE FOR ALL TO "app_user" USING ("lead_sections"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("lead_sections"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lead_sources" AS PERMISSIVE FOR ALL TO "app_user" USING ("lead_sources"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("lead_sources"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "lead_tags" AS PERMISSIVE FOR ALL TO "app_user" USING ("lead_tags"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("lead_tags"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "leads" AS PERMISSIVE FOR ALL TO "app_user" USING ("leads"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("leads"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);