ALTER TABLE "login_failures" ADD COLUMN "known_address" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_by_user" ON "sessions" USING btree ("company_id","user_id");