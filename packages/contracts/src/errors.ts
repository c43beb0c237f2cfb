import { z } from 'zod';

/**
 * The error catalogue of spec §8. Each code is stable: the web translates it by
 * code (`errors.<code>`); the English message is for API clients and logs.
 */
export const ERROR_MESSAGES = {
  // Generic HTTP
  unauthorized: 'Sign in to continue.',
  forbidden: 'Forbidden: You are not allowed to access this resource.',
  not_found: 'Not found.',
  route_not_found: 'No such API route.',
  validation_failed: 'Some fields are not valid.',
  conflict: 'The record was changed by someone else; reload and try again.',
  internal: 'Something went wrong on our side. Please try again.',
  // Auth and company (spec §8 "Login")
  login_error: 'Login error.',
  company_not_found: 'No company with such subdomain.',
  company_disabled: 'This company is disabled.',
  wrong_phone_or_subdomain: 'Wrong phone number or subdomain.',
  wrong_credentials: 'Wrong phone number or password.',
  too_many_attempts: 'Too many failed log-ins. Try again later.',
  session_expired: 'Your session has ended. Sign in again.',
  token_company_mismatch: 'This sign-in belongs to another company.',
  branch_forbidden: 'You do not work in this branch.',
  // Domain entries of spec §8, used by later modules
  schedule_conflict: 'The time, room or teacher is already occupied by a group.',
  student_phone_exists: 'A student with this phone is already registered.',
  student_phone_exists_archived: 'A student with this phone is already registered and archived.',
  teacher_phone_exists: 'A teacher with this phone exists; use the CEO profile to link another branch.',
  staff_phone_exists: 'This staff number is already registered; check the staff list or the archive.',
  tariff_limit: 'More students are activated than your plan allows; contact support.',
  student_already_in_group: 'The student is already in this group (check the archived list).',
  attendance_outside_lesson: 'A teacher may mark attendance only during the lesson.',
  sms_monthly_limit: 'The monthly SMS limit is exceeded.',
  sms_bonus_exhausted: 'Bonus SMS are exhausted; connect your own SMS operator.',
  holiday_exists: 'A holiday already exists on that date.',
  order_not_paid: 'The order is not paid.',
  payment_failed: 'The payment failed; contact your manager.',
  no_call_licence: 'No calls or no licence for calls.',
  // People and academics
  file_too_large: 'The file is too large.',
  file_type_not_allowed: 'This type of file is not allowed.',
  course_in_use: 'The course has groups or levels; remove them first.',
  tag_exists: 'A tag with this name already exists.',
  import_file_invalid: 'The file could not be read; use the sample xls or xlsx file.',
  import_too_many_rows: 'The file has too many rows.',
  phone_invalid: 'The phone number does not match the country format.',
  exception_dates_same_year: 'Discount start and end dates must fall in the same year.',
  not_a_teacher: 'The chosen person is not a teacher of this branch.',
  not_a_student: 'The chosen person is not a student.',
  student_not_in_group: 'The student is not in this group.',
  // Lessons and attendance
  not_a_lesson_date: 'This group has no lesson on that date.',
  lesson_cancelled: 'This lesson is cancelled.',
  lesson_not_started: 'Attendance can be marked once the lesson has begun.',
  student_not_in_group_on_date: 'The student was not in the group on that date.',
  not_your_group: 'A teacher marks attendance and sets themes only in his own lessons.',
  lesson_day_taken: 'The group already has a lesson on that day.',
  lesson_on_holiday: 'That day is a holiday.',
  outside_group_dates: 'That day is outside the group dates.',
  // Money
  already_reversed: 'This entry has already been cancelled or corrected.',
  not_reversible: 'A correction cannot itself be cancelled; book a new entry instead.',
  idempotency_key_reused: 'This Idempotency-Key was already used for another request.',
  not_a_payment: 'This entry is not a payment.',
  not_a_write_off: 'This entry is not a write-off.',
  salary_publish_failed: 'The salary could not be published: recalculate it and try again.',
  salary_already_published: 'This salary has already been published.',
  // Leads
  lead_not_on_board: 'This lead is no longer on the board (archived or already a student).',
  lead_not_archived: 'This lead is not archived.',
  lead_already_student: 'This lead has already become a student.',
  lead_reason_required: 'Choose the reason for deleting the lead.',
  too_many_requests: 'Too many requests. Please wait a minute and try again.',
  // Requests the server could not take (hardening: every status has this shape)
  bad_request: 'The request could not be read.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'This type of content is not accepted here.',
  uri_too_long: 'The address is too long.',
  headers_too_large: 'The request headers are too large.',
  request_timeout: 'The request took too long to arrive.',
  method_not_allowed: 'This method is not allowed here.',
  query_timeout: 'This took too long to prepare; narrow the filter and try again.',
  database_unavailable: 'The service lost its connection to the database for a moment. Please try again.',
  // Sign-up, recovery, company and branches (issue 16)
  subdomain_taken: 'This subdomain is already taken.',
  subdomain_reserved: 'This subdomain is reserved; choose another.',
  subdomain_malformed: 'Use 3 to 30 Latin letters, digits and hyphens.',
  verification_code_wrong: 'The code is not correct.',
  verification_code_expired: 'The code has expired; ask for a new one.',
  verification_code_spent: 'Too many wrong codes; ask for a new one.',
  code_resend_too_soon: 'A new code can be sent in a minute.',
  sign_up_limit_reached: 'Too many sign-ups from here; try again in an hour.',
  sms_code_not_sent: 'The SMS with the code could not be sent; try again in a minute.',
  handoff_invalid: 'This sign-in link is no longer valid; sign in with your phone and password.',
  branch_has_active_groups: 'Active groups still run in this branch; finish or move them first.',
  last_branch: 'The last working branch cannot be archived.',
  branch_archived: 'This branch is archived.',
  image_type_refused: 'Upload a PNG, JPEG or WebP picture.',
  image_too_large: 'The picture is larger than 5 MB.',
  backgrounds_full: 'At most five backgrounds; remove one first.',
  // Licences and online payments (issue 17; spec §8 "Order not paid; payment failed (contact manager)")
  licence_expired: 'The licence of this centre has ended. Renew it to continue.',
  licence_read_only: 'The licence has ended: data can be viewed but not changed until it is renewed.',
  payment_provider_not_configured: 'Online payment through this provider is not set up.',
  payment_provider_unavailable: 'The payment provider is not answering right now. Try again in a few minutes.',
  checkout_closed: 'This payment is no longer open.',
  tariff_not_offered: 'There is no price for this plan and period; choose another.',
  billing_hidden: 'Licences of this centre are paid through your partner.',
  offer_not_published: 'The centre has not published an offer yet.',
  offer_version_outdated: 'A newer version of the offer was published; read it and accept again.',
  // Passwords and sessions
  weak_password: 'The password is too weak.',
  wrong_current_password: 'The current password is not correct.',
  // Workly, the time-tracking service (spec §7 /workly, §8 "worker binding (time-tracking) error")
  worker_binding_error: 'The staff member could not be bound to this Workly employee.',
  workly_not_connected: 'Workly is not connected: enter its API credentials in the settings.',
  workly_unavailable: 'Workly is not answering right now. Try again in a few minutes.',
  workly_credentials_rejected: 'Workly refused the saved credentials; check them in the settings.',
  // Messages (issue 15; spec §8 "Monthly SMS limit exceeded; bonus SMS exhausted")
  sms_teachers_not_allowed: 'Teachers may not send SMS in this company.',
  sms_not_own_students: 'A teacher may send SMS only to the students of his own groups.',
  sms_no_recipients: 'Nobody to send to: the selection has no phone numbers.',
  sms_unknown_variable: 'The text has a variable we do not know; check the braces.',
  sms_provider_unavailable: 'The SMS operator is not answering right now; the messages will be retried.',
  sms_credentials_rejected: 'The SMS operator refused the credentials; check them in the settings.',
  sms_not_configured: 'SMS sending is not configured on this server.',
  // The daily Telegram report (issue 15, spec §3 "telegram report id")
  telegram_not_configured: 'The Telegram report is not set up: the server needs a bot and the company a chat.',
  telegram_chat_refused: 'Telegram refused the message: check the chat id and that the bot is in the chat.',
  telegram_unavailable: 'Telegram is not answering right now. Try again in a few minutes.',
  // Background work (issue 15, the job queue)
  jobs_unavailable: 'Background work is not running on this server right now; try again in a few minutes.',
  // Grades (issue 19, spec §3 Grade settings, §5, §6)
  grades_would_be_deleted: 'A new max score deletes every grade given so far; confirm how many.',
  grading_teachers_only: 'Only the teacher of the lesson grades it: the grade settings do not allow other staff.',
  grading_past_closed: 'Grades are given on the lesson’s day: the grade settings do not allow earlier days.',
  grade_lesson_not_started: 'A grade can be given once the lesson has begun.',
  // Course lessons and homework (issue 19)
  lesson_not_opened: 'This lesson is not open yet: it opens on the day the group reaches it.',
  no_homework: 'This lesson has no homework.',
  homework_reviewed: 'The teacher has already reviewed this answer; it can no longer be changed.',
  homework_text_only: 'This homework is answered with text, not a file.',
  homework_file_only: 'This homework is answered with a file.',
  homework_answer_empty: 'Write an answer or attach a file.',
  homework_not_handed_in: 'The student has not handed in this homework yet.',
  not_a_video_file: 'Upload a video in MP4 or WebM format.',
  syllabus_order_mismatch: 'The lessons of the course changed meanwhile; reload the page and try again.',
  // Exams (issue 19)
  exam_not_today: 'The exam opens on its day.',
  exam_time_over: 'The time for this exam is over; the answers saved before the deadline were graded.',
  exam_submitted: 'This exam is already handed in.',
  exam_not_started: 'Start the exam first.',
  exam_is_online: 'An online exam is graded by the server; its balls are not entered by hand.',
  exam_is_offline: 'This exam is taken in class: the teacher enters the balls.',
  exam_bank_empty: 'The course’s question bank has no questions yet.',
  exam_taken: 'Students have already taken this exam; it can no longer be changed.',
  not_an_exam_question: 'This question is not in the exam.',
  meeting_not_configured: 'No meeting server is set up yet: the owner sets one in Settings → Online lessons.',
  // Forms (issue 20)
  form_closed: 'This form does not take answers now.',
  audit_link_unknown: 'This survey link is not valid; ask the centre for a new one.',
  audit_link_used: 'This survey was already answered through this link. Thank you!',
  landing_slug_taken: 'Another landing page of the centre already has this address.',
  rating_needs_scoring: 'The rating is shown when the scoring module is on in the company settings.',
  not_a_student_of_group: 'Only the group’s students hand in its homework.',
  // Gamification (issue 21)
  gamification_off: 'Gamification is off: the owner turns it on in the company settings.',
  coins_by_employees_off: 'The centre does not let employees give coins; it is turned on in the coin rules.',
  not_enough_coins: 'The student does not have enough coins.',
  product_not_available: 'This product is not on sale now.',
  product_out_of_stock: 'This product has run out.',
  product_has_orders: 'The product has been ordered, so it cannot be deleted: archive it instead.',
  order_not_pending: 'This order is already confirmed or cancelled.',
  wrong_confirmation_code: 'The code is wrong. Ask the student for the 5-digit code on his screen.',
  order_locked: 'Too many wrong codes: this order is locked for a while. Try again later.',
  // Telephony (issue 22)
  onlinepbx_refused: 'OnlinePBX refused the request.',
  onlinepbx_unavailable: 'OnlinePBX does not answer now; try again in a minute.',
  voip_key_unreadable: 'The stored OnlinePBX key can no longer be read: enter it again in the telephony settings.',
  voip_key_required: 'Enter the API key of this OnlinePBX account.',
  voip_not_configured: 'Telephony is not set up: the owner connects OnlinePBX in the telephony settings.',
  voip_not_mapped: 'Calling needs your user linked to a telephony extension: ask the owner.',
  voip_extension_unknown: 'This extension is not in the OnlinePBX account.',
  call_period_too_long: 'The call log shows at most one week.',
  telegram_bot_not_configured: 'The platform has no Telegram bot set up.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export const fieldErrorSchema = z.object({
  /** Dotted path of the field, e.g. "name" or "extra.phone". */
  field: z.string(),
  /** Stable rule name: required, too_small, too_big, invalid_type, invalid_format, ... */
  rule: z.string(),
  message: z.string(),
  /** The limit of a min/max rule, for messages such as "at least 9 characters". */
  limit: z.number().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    request_id: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
