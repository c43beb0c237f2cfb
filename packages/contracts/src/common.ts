import { z } from 'zod';

export const idSchema = z.coerce.number().int().positive();
export const idParamsSchema = z.object({ id: idSchema });

/** Spec §3: "Student list pagination: count, current_page, last_page, per_page, total, total_pages". */
export const paginationSchema = z.object({
  count: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination: paginationSchema });

export function paginate(total: number, page: number, perPage: number, count: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return { count, current_page: page, last_page: totalPages, per_page: perPage, total, total_pages: totalPages };
}

/** Query parameter `branch_id` as spec §7 passes it. */
export const branchQuerySchema = z.object({ branch_id: idSchema });

/** Trimmed text that must not be empty. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
