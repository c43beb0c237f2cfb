CREATE TABLE "coin_entries" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "coin_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"student_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"rule" text,
	"cause" text,
	"cause_seq" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"order_id" bigint,
	"author_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_entries_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "coin_entries_cause" UNIQUE("company_id","cause","cause_seq"),
	CONSTRAINT "coin_entries_amount_not_zero" CHECK ("coin_entries"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "coin_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "coin_settings" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "shop_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"student_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"branch_id" bigint,
	"price" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"responsible_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "shop_orders_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "shop_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shop_products" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "shop_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" bigint,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo" text,
	"price" integer NOT NULL,
	"stock" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_products_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "shop_products_stock_not_negative" CHECK ("shop_products"."stock" is null or "shop_products"."stock" >= 0),
	CONSTRAINT "shop_products_price_positive" CHECK ("shop_products"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "shop_products" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "coin_entries" ADD CONSTRAINT "coin_entries_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_entries" ADD CONSTRAINT "coin_entries_company_id_author_id_users_company_id_id_fk" FOREIGN KEY ("company_id","author_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_settings" ADD CONSTRAINT "coin_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_company_id_student_id_users_company_id_id_fk" FOREIGN KEY ("company_id","student_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_company_id_product_id_shop_products_company_id_id_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."shop_products"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_company_id_responsible_id_users_company_id_id_fk" FOREIGN KEY ("company_id","responsible_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_company_id_branch_id_branches_company_id_id_fk" FOREIGN KEY ("company_id","branch_id") REFERENCES "public"."branches"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_entries_by_student" ON "coin_entries" USING btree ("company_id","student_id","id");--> statement-breakpoint
CREATE INDEX "shop_orders_by_status" ON "shop_orders" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "shop_orders_by_student" ON "shop_orders" USING btree ("company_id","student_id","id");--> statement-breakpoint
CREATE INDEX "shop_orders_by_product" ON "shop_orders" USING btree ("company_id","product_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "coin_entries" AS PERMISSIVE FOR ALL TO "app_user" USING ("coin_entries"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("coin_entries"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "coin_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("coin_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("coin_settings"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shop_orders" AS PERMISSIVE FOR ALL TO "app_user" USING ("shop_orders"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("shop_orders"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shop_products" AS PERMISSIVE FOR ALL TO "app_user" USING ("shop_products"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint) WITH CHECK ("shop_products"."company_id" = nullif(current_setting('app.company_id', true), '')::bigint);--> statement-breakpoint
-- The coin ledger is append-only for the application, like money's: a correction is a reversing entry.
REVOKE UPDATE, DELETE ON "coin_entries" FROM "app_user";
