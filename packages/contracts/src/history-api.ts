import { z } from 'zod';
import { pageQuerySchema } from './common.js';

export const historyItemSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  branch_id: z.number().int().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyQuerySchema = pageQuerySchema.extend({
  // A smallint in the database: anything larger is no event type (and would fail there).
  type: z.coerce.number().int().min(1).max(32_767).optional(),
  entity: z.string().optional(),
});
