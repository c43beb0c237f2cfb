import { z } from 'zod';
import { idSchema } from './common.js';
import { studentGradesSchema } from './grades.js';
import { studentCommentSchema } from './group-comments-routes.js';
import { myCourseGroupSchema } from './group-lessons.js';
import { LESSON_STATES } from './lesson-calendar.js';
import { ONLINE_PROVIDERS } from './online-payments.js';
import { verificationCodeSchema } from './sign-up.js';

/**
 * Issue 24, parents' accounts. A parent is a user of the company with the parent role, linked to one or more
 * of its students; he reads his children's lessons, attendance, grades, money and news, and pays their fees.
 */

/** A child as the parent's switcher shows him. */
export const parentChildSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Minor units; below zero is a debt. */
  balance: z.number().int(),
  groups: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type ParentChild = z.infer<typeof parentChildSchema>;

export const parentChildrenSchema = z.object({ data: z.array(parentChildSchema) });
export type ParentChildren = z.infer<typeof parentChildrenSchema>;

export const childLessonSchema = z.object({
  group_id: z.number().int(),
  group_title: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** held (or to be held), cancelled, or a holiday (lesson calendar). */
  state: z.enum(LESSON_STATES),
  teacher_name: z.string().nullable(),
  room_name: z.string().nullable(),
  /** The attendance mark (spec §3: 1 present, 0 absent), null when none was made. */
  mark: z.union([z.literal(0), z.literal(1)]).nullable(),
});
export type ChildLesson = z.infer<typeof childLessonSchema>;

export const childReceiptSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  date: z.string(),
  /** 'cash', 'card', 'transfer', 'online' … as the ledger names the method. */
  method: z.string().nullable(),
  group_title: z.string().nullable(),
});
export type ChildReceipt = z.infer<typeof childReceiptSchema>;

export const childMoneySchema = z.object({
  balance: z.number().int(),
  /** What clears the debt now (0 when there is none). */
  to_pay_now: z.number().int(),
  /** A month of every current group at the prices in force for him. */
  month_fee: z.number().int(),
  groups: z.array(z.object({ group_id: z.number().int(), name: z.string(), month_price: z.number().int() })),
  providers: z.array(z.enum(ONLINE_PROVIDERS)),
  receipts: z.array(childReceiptSchema),
});

/** GET /parent/children/{id}: one child's page. */
export const childOverviewSchema = z.object({
  child: z.object({ id: z.number().int(), name: z.string() }),
  today: z.string(),
  /** Today's and the next six days' lessons, in time order. */
  lessons: z.array(childLessonSchema),
  /** His groups with their next lesson and the homework he still owes. */
  courses: z.array(myCourseGroupSchema),
  grades: studentGradesSchema,
  /** Teachers' comments shown to the student and his parents, newest first. */
  comments: z.array(studentCommentSchema),
  money: childMoneySchema,
  policies: z.object({ can_pay: z.boolean() }),
});
export type ChildOverview = z.infer<typeof childOverviewSchema>;

/** The month asked (`YYYY-MM`); none: the company's current month. */
export const monthQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
});

/** GET /parent/children/{id}/attendance?month=YYYY-MM. */
export const childAttendanceSchema = z.object({
  month: z.string(),
  lessons: z.array(childLessonSchema),
  present: z.number().int(),
  absent: z.number().int(),
});
export type ChildAttendance = z.infer<typeof childAttendanceSchema>;

/** A parent as the staff see him on a student's profile. */
export const studentParentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  /** He may log in with a password (else only with a code by SMS). */
  has_password: z.boolean(),
  /** His other children in the company. */
  other_children: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type StudentParent = z.infer<typeof studentParentSchema>;

export const studentParentsSchema = z.object({
  data: z.array(studentParentSchema),
  policies: z.object({ can_message: z.boolean() }),
});
export type StudentParents = z.infer<typeof studentParentsSchema>;

/** The student form's look-up: the parent who already has this phone, with his children. */
export const parentByPhoneQuerySchema = z.object({ phone: z.string().trim().min(7).max(20) });
export const parentByPhoneSchema = z.object({
  parent: z
    .object({
      id: z.number().int(),
      name: z.string(),
      children: z.array(z.object({ id: z.number().int(), name: z.string() })),
    })
    .nullable(),
});
export type ParentByPhone = z.infer<typeof parentByPhoneSchema>;

export const childParamsSchema = z.object({ id: idSchema });

/** POST /auth/login-code: a one-time code by SMS to a parent's phone. */
export const loginCodeRequestSchema = z.object({
  phone: z.string().trim().min(7).max(20),
  subdomain: z.string().trim().toLowerCase().optional(),
});
export const loginCodeSentSchema = z.object({
  phone_masked: z.string(),
  resend_after_seconds: z.number().int(),
  expires_in_seconds: z.number().int(),
});
export type LoginCodeSent = z.infer<typeof loginCodeSentSchema>;

/** POST /auth/login-code/verify: the code makes a session like a password would. */
export const loginCodeVerifySchema = loginCodeRequestSchema.extend({ code: verificationCodeSchema });
export type LoginCodeVerify = z.infer<typeof loginCodeVerifySchema>;
