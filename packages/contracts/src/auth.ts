import { z } from 'zod';
import { companyPublicSchema } from './company.js';
import { ROLE_IDS } from './roles.js';

// A list of literals, not z.custom: JSON Schema can say it, so answers carrying roles serialise through compiled code.
export const roleIdSchema = z.literal(ROLE_IDS);

export const loginRequestSchema = z.object({
  phone: z.string().trim().min(9).max(20),
  password: z.string().min(1).max(200),
  /** For API clients that call without a company subdomain in the host. */
  subdomain: z.string().trim().toLowerCase().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const branchRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const meSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  roles: z.array(z.object({ id: roleIdSchema, name: z.string() })),
  branches: z.array(branchRefSchema),
  main_branch: z.number().int().nullable(),
  company_id: z.number().int(),
  current_role: roleIdSchema,
  current_branch: z.number().int().nullable(),
  company: companyPublicSchema,
});
export type Me = z.infer<typeof meSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  user: meSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
