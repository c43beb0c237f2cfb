import { z } from 'zod';
import { branchSchema, hourMinuteSchema } from './company.js';

/** POST /branch, PUT /branch/{id} (the admin new-company and edit-company screens, owner and CEO). */
export const branchInputSchema = z
  .object({
    name: z.string().trim().min(2).max(100),
    address: z.string().trim().max(300).nullable().optional(),
    phone: z.string().trim().max(20).nullable().optional(),
    start_of_working_day: hourMinuteSchema.nullable().optional(),
    end_of_working_day: hourMinuteSchema.nullable().optional(),
    /** How to find it, for SMS texts ({landmark}). */
    landmark: z.string().trim().max(200).nullable().optional(),
  })
  .refine((v) => !v.start_of_working_day || !v.end_of_working_day || v.start_of_working_day < v.end_of_working_day, {
    path: ['end_of_working_day'],
    message: 'end_before_start',
  });
export type BranchInput = z.infer<typeof branchInputSchema>;

/**
 * POST /branch/{id}/archive. The people whose only branch it is either move to `move_to_branch_id` or are
 * archived with it; people with other branches just lose this one. Refused while active groups run in it,
 * and for the last working branch. History stays, the branch can be restored.
 */
export const branchArchiveInputSchema = z.discriminatedUnion('people', [
  z.object({ people: z.literal('move'), move_to_branch_id: z.number().int().positive() }),
  z.object({ people: z.literal('archive') }),
]);
export type BranchArchiveInput = z.infer<typeof branchArchiveInputSchema>;

/** What archiving would do, asked before the confirmation (GET /branch/{id}/archive-preview). */
export const branchArchivePreviewSchema = z.object({
  active_groups: z.number().int(),
  /** People whose only branch this is: they move or are archived. */
  only_here: z.number().int(),
  /** People of other branches too: they only lose this one. */
  also_elsewhere: z.number().int(),
  /** The last working branch cannot be archived. */
  last_branch: z.boolean(),
});
export type BranchArchivePreview = z.infer<typeof branchArchivePreviewSchema>;

export const branchAdminListQuerySchema = z.object({ archived: z.enum(['0', '1']).default('0') });

export const branchAdminListSchema = z.object({
  data: z.array(branchSchema.extend({ people: z.number().int(), active_groups: z.number().int() })),
  policies: z.object({ can_create: z.boolean(), can_edit: z.boolean(), can_archive: z.boolean() }),
});
export type BranchAdminList = z.infer<typeof branchAdminListSchema>;
