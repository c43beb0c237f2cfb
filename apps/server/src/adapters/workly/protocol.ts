import { z } from 'zod';

/**
 * Workly's HTTP API as far as it is known (docs/decisions/0019-workly.md says what was seen and what is
 * assumed). Workly publishes no documentation we could read; these paths, parameters and fields come from
 * public client code that talks to api.workly.uz. The client and the test fake both use this file, so a
 * correction against the real service is made here once.
 *
 * Known: OAuth2 "password" grant at /oauth/token (client_id, client_secret, username, password; form or
 * JSON) answering access_token and refresh_token; Bearer calls; Yii2-style pages ({ items, _links, _meta }
 * with `page` and `per-page`); /employees (id, full_name, schedule.title); /reports/inouts (employee_id,
 * full_name, event_date, event_time, event_name 'in'/'out'); /reports/at-work (employee.id,
 * employee.full_name, scheduled.report_date, scheduled.start_time, actual.first_in); error bodies with a
 * numeric `code` (7002 wrong user name or password, 7008 invalid access token).
 */

/** The production API; a server may be pointed elsewhere (WORKLY_API_URL), the tests at the fake. */
export const WORKLY_PRODUCTION_URL = 'https://api.workly.uz/v1';

export const WORKLY_PATHS = {
  token: '/oauth/token',
  employees: '/employees',
  inOuts: '/reports/inouts',
  atWork: '/reports/at-work',
} as const;

/** Yii2's default largest page (assumed to be Workly's too): fewer round trips than its default of 20. */
export const WORKLY_PAGE_SIZE = 50;

/** Query parameter names of a period and of paging. */
export const WORKLY_QUERY = { from: 'start_date', till: 'end_date', page: 'page', perPage: 'per-page' } as const;

/** Workly's ids are numbers in the answers seen; text here, so that a change of theirs breaks nothing of ours. */
const idText = z.union([z.number(), z.string().min(1)]).transform(String);

export const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().optional(),
  /** Seconds; assumed (standard OAuth2), an hour when absent. */
  expires_in: z.coerce.number().positive().optional(),
});

export const pageMetaSchema = z.object({
  totalCount: z.number().int().nonnegative().optional(),
  pageCount: z.number().int().nonnegative(),
  currentPage: z.number().int().optional(),
  perPage: z.number().int().optional(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), _meta: pageMetaSchema.optional() });

export const employeeSchema = z.object({
  id: idText,
  full_name: z.string(),
  /** Assumed: the inouts report carries position_title, so the employee record is taken to have it too. */
  position_title: z.string().nullish(),
  schedule: z.object({ title: z.string().nullish() }).nullish(),
});

/** One check-in or check-out of the inouts report. */
export const inOutSchema = z.object({
  employee_id: idText,
  full_name: z.string(),
  /** `YYYY-MM-DD`, local time of the company. */
  event_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** `HH:MM:SS`. */
  event_time: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/),
  /** 'in' or 'out'; anything else (a break, a future kind) is ignored. */
  event_name: z.string(),
});

/** One employee's day of the at-work report: his schedule's start and his first check-in. */
export const atWorkSchema = z.object({
  employee: z.object({ id: idText, full_name: z.string() }),
  scheduled: z
    .object({
      report_date: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
      /** `YYYY-MM-DD HH:MM:SS`; null: not scheduled that day. */
      start_time: z.string().nullish(),
    })
    .nullish(),
  /** `HH:MM:SS`; null: did not come. */
  actual: z.object({ first_in: z.string().nullish() }).nullish(),
});

/** Yii2's error body; `code` 7002: wrong user name or password, 7008: invalid or expired token. */
export const errorAnswerSchema = z.object({
  code: z.number().optional(),
  message: z.string().optional(),
});
export const WORKLY_ERROR = { wrongCredentials: 7002, invalidToken: 7008 } as const;

export type WireEmployee = z.infer<typeof employeeSchema>;
export type WireInOut = z.infer<typeof inOutSchema>;
export type WireAtWork = z.infer<typeof atWorkSchema>;
