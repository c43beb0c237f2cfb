DROP INDEX "leads_board";--> statement-breakpoint
CREATE INDEX "user_branches_by_branch" ON "user_branches" USING btree ("company_id","branch_id","user_id");--> statement-breakpoint
CREATE INDEX "leads_board" ON "leads" USING btree ("company_id","branch_id","column","section_id","position","id") WHERE "leads"."archived_at" is null and "leads"."student_id" is null;