import type { HistoryEventName } from './history.js';
import type { HistoryItem } from './history-api.js';
import { COMPANY_SAMPLES } from './history-sentences-company.js';
import { FORMS_SAMPLES } from './history-sentences-forms.js';
import { GAMIFICATION_SAMPLES } from './history-sentences-gamification.js';
import { LEARNING_SAMPLES } from './history-sentences-learning.js';
import { PARENT_SAMPLES } from './history-sentences-parents.js';
import { PAYMENT_SAMPLES } from './history-sentences-payments.js';
import { REMINDER_SAMPLES } from './history-sentences-reminders.js';

/**
 * What the server writes for each event type (grep recordHistory): every variant of every type,
 * with all its fields, so each sentence is checked whole.
 */
export const group = { entity: 'group', entity_id: 30 } as const;
export const lead = { entity: 'lead', entity_id: 50 } as const;
export const SAMPLES: Record<HistoryEventName, [Record<string, unknown>, Partial<HistoryItem>?][]> = {
  leadAdded: [
    [{ name: 'Olim', phone: '901234567' }, lead],
    [{ via: 'public_form', name: 'Olim' }, lead],
  ],
  courseChanged: [[{ name: 'Python', before: { price: 1 }, after: { price: 2 } }, { entity: 'course' }]],
  groupCreated: [[{ title: 'PY-BAS-1' }, group]],
  groupEdited: [
    [{ title: 'PY-BAS-1', before: { days: [1] }, after: { days: [2] } }, group],
    [{ group_title: 'PY-BAS-1', lesson_cancelled: '2026-03-21', reason: 'Svet yoʻq' }, group],
    [{ group_title: 'PY-BAS-1', lesson_restored: '2026-03-21' }, group],
    [
      {
        group_title: 'PY-BAS-1',
        lesson_moved: { from: '2026-03-21', to: '2026-03-22', start_time: '14:00', end_time: '15:30' },
      },
      group,
    ],
    [{ group_title: 'PY-BAS-1', lesson_theme: { date: '2026-03-21', theme: 'Loops' } }, group],
    [
      {
        group_title: 'PY-BAS-1',
        teacher_changed: { scope: 'lesson', date: '2026-03-21', teacher_id: 9, teacher_name: 'Karimov B.' },
      },
      group,
    ],
    [
      {
        group_title: 'PY-BAS-1',
        teacher_changed: { scope: 'from_date', date: '2026-03-21', teacher_id: 9, teacher_name: 'Karimov B.' },
      },
      group,
    ],
  ],
  groupDeleted: [[{ title: 'PY-BAS-1' }, group]],
  balanceTopUp: [
    [{ amount: 450_000, method: 'cash', student_name: 'Sobirov D.', group_id: 30, group_title: 'PY-BAS-1' }],
  ],
  paymentCancelled: [[{ amount: 450_000, reason: 'Xato', student_name: 'Sobirov D.' }]],
  refund: [[{ amount: 50_000, method: 'card', student_name: 'Sobirov D.' }]],
  gradeGiven: [
    [
      {
        student_id: 7,
        student_name: 'Sobirov D.',
        group_title: 'PY-BAS-1',
        date: '2026-03-21',
        score: 5,
        previous_score: null,
      },
      group,
    ],
    [
      {
        student_id: 7,
        student_name: 'Sobirov D.',
        group_title: 'PY-BAS-1',
        date: '2026-03-21',
        score: 4,
        previous_score: 5,
      },
      group,
    ],
    [
      {
        student_id: 7,
        student_name: 'Sobirov D.',
        group_title: 'PY-BAS-1',
        date: '2026-03-21',
        score: null,
        previous_score: 4,
      },
      group,
    ],
  ],
  attendanceMarked: [
    [{ student_id: 7, student_name: 'Sobirov D.', date: '2026-03-21', status: 1, group_title: 'PY-BAS-1' }, group],
    [{ student_id: 7, student_name: 'Sobirov D.', date: '2026-03-21', status: 0, group_title: 'PY-BAS-1' }, group],
    [{ student_id: 7, student_name: 'Sobirov D.', date: '2026-03-21', status: null, group_title: 'PY-BAS-1' }, group],
    [{ student_ids: [7, 8], date: '2026-03-21', status: 1, group_title: 'PY-BAS-1' }, group],
  ],
  studentMoved: [
    [
      {
        student_id: 7,
        student_name: 'Sobirov D.',
        from_group_id: 30,
        from_group_title: 'PY-BAS-1',
        to_group_id: 31,
        to_group_title: 'PY-BAS-2',
      },
      group,
    ],
  ],
  smsSent: [[{ name: 'Sobirov D.', text: 'Salom' }]],
  balanceEdited: [
    [{ write_off: 20_000, comment: 'Kitob', student_name: 'Sobirov D.' }],
    [{ cancelled_write_off: 3, amount: 20_000, reason: 'Xato', student_name: 'Sobirov D.' }],
    [{ replaced_entry_id: 3, amount: 400_000, reason: 'Xato', student_name: 'Sobirov D.' }],
    [{ action: 're_withdraw', group_title: 'PY-BAS-1', reason: 'Narx' }, group],
  ],
  roomCreated: [[{ name: '101', capacity: 12 }, { entity: 'room' }]],
  roomEdited: [[{ before: { name: '101' }, after: { name: '102' } }, { entity: 'room' }]],
  roomDeleted: [[{ name: '101', capacity: 12 }, { entity: 'room' }]],
  userLoggedIn: [[{ ip: '127.0.0.1' }]],
  userLoggedOut: [[{}]],
  courseCreated: [[{ name: 'Python' }, { entity: 'course' }]],
  courseDeleted: [[{ name: 'Python' }, { entity: 'course' }]],
  courseFileUploaded: [[{ name: 'lesson1.pdf' }, { entity: 'course' }]],
  courseFileDeleted: [[{ name: 'lesson1.pdf' }, { entity: 'course' }]],
  courseFolderChanged: [
    [{ action: 'created', name: 'Week 1' }, { entity: 'course' }],
    [{ action: 'renamed', before: { name: 'Week 1' }, after: { name: 'Week 2' } }, { entity: 'course' }],
    [{ action: 'deleted', name: 'Week 1' }, { entity: 'course' }],
  ],
  userCreated: [
    [{ user_type: 'student', name: 'Sobirov D.' }],
    [{ user_type: 'teacher', name: 'Karimov B.' }],
    [{ user_type: 'staff', name: 'Aliyeva M.' }],
  ],
  userEdited: [
    [{ name: 'Sobirov D.', changed: { phone: '1' } }],
    [{ name: 'Sobirov D.', changed: {}, password_changed: true }],
    [{ name: 'Aziza N.', changed: {}, password_changed: true }, { entity_id: 2 }],
  ],
  userArchived: [[{ name: 'Sobirov D.' }]],
  userRestored: [[{ name: 'Sobirov D.' }]],
  userDeleted: [[{ name: 'Sobirov D.' }]],
  userMovedBranch: [[{ name: 'Sobirov D.', from: [1], to: [2] }]],
  usersImported: [[{ total_rows: 10, imported: 8, rejected: 2 }]],
  userCommentAdded: [[{ name: 'Sobirov D.', text: 'Yaxshi' }]],
  studentAddedToGroup: [[{ group_title: 'PY-BAS-1', student_id: 7, student_name: 'Sobirov D.' }, group]],
  studentStatusChanged: [
    [{ group_title: 'PY-BAS-1', student_id: 7, student_name: 'Sobirov D.', from: 1, to: 5 }, group],
  ],
  studentRemovedFromGroup: [[{ group_title: 'PY-BAS-1', student_id: 7, student_name: 'Sobirov D.' }, group]],
  individualPriceSet: [
    [
      {
        group_title: 'PY-BAS-1',
        student_id: 7,
        student_name: 'Sobirov D.',
        exception_sum: 300_000,
        exception_sum_start_date: '2026-03-01',
        exception_sum_end_date: '2026-05-31',
      },
      group,
    ],
  ],
  individualPriceRemoved: [[{ group_title: 'PY-BAS-1', student_id: 7, student_name: 'Sobirov D.' }, group]],
  groupArchived: [[{ title: 'PY-BAS-1' }, group]],
  groupCommentAdded: [[{ group_title: 'PY-BAS-1', student_id: 7, student_name: 'Sobirov D.' }, group]],
  holidayChanged: [
    [{ action: 'created', name: 'Navroʻz', date: '2026-03-21' }, { entity: 'holiday' }],
    [
      {
        action: 'updated',
        before: { name: 'Navroʻz', date: '2026-03-21' },
        after: { name: 'Navroʻz', date: '2026-03-22' },
      },
      { entity: 'holiday' },
    ],
    [{ action: 'deleted', name: 'Navroʻz', date: '2026-03-21' }, { entity: 'holiday' }],
  ],
  tagChanged: [
    [{ action: 'created', name: 'VIP' }, { entity: 'tag' }],
    [{ action: 'updated', before: { name: 'VIP' }, after: { name: 'Gold' } }, { entity: 'tag' }],
    [{ action: 'deleted', name: 'VIP' }, { entity: 'tag' }],
  ],
  archiveReasonChanged: [
    [{ action: 'created', name: 'Qimmat', active: true }, { entity: 'archive_reason' }],
    [
      { action: 'updated', before: { name: 'Qimmat', active: true }, after: { name: 'Qimmat', active: false } },
      { entity: 'archive_reason' },
    ],
    [
      { action: 'updated', before: { name: 'Qimmat', active: false }, after: { name: 'Qimmat', active: true } },
      { entity: 'archive_reason' },
    ],
    [{ action: 'deactivated', name: 'Qimmat' }, { entity: 'archive_reason' }],
  ],
  tagsAssigned: [[{ name: 'Sobirov D.' }]],
  companySettingsChanged: [[{ before: {}, after: {} }, { entity: 'company' }]],
  gradeSettingsChanged: [
    [{ changed: ['allow_past_dates'], max_score: 5, previous_max_score: 5, deleted_grades: 0 }, { entity: 'company' }],
    [{ changed: ['max_score'], max_score: 10, previous_max_score: 5, deleted_grades: 42 }, { entity: 'company' }],
  ],
  expenseCreated: [[{ amount: 2_000_000, date: '2026-03-05' }, { entity: 'expense' }]],
  expenseEdited: [[{ before: { amount: 100 }, after: { amount: 200 }, reason: 'Xato' }, { entity: 'expense' }]],
  expenseDeleted: [[{ amount: 100, reason: 'Xato' }, { entity: 'expense' }]],
  expenseTypeChanged: [[{ action: 'created', name: 'Ijara', active: true }, { entity: 'expense_type' }]],
  salarySettingsChanged: [
    [{ action: 'created', teacher_name: 'Karimov B.' }, { entity: 'teacher_salary_setting' }],
    [{ action: 'updated', teacher_name: 'Karimov B.' }, { entity: 'teacher_salary_setting' }],
    [{ action: 'deleted', teacher_name: 'Karimov B.' }, { entity: 'teacher_salary_setting' }],
  ],
  salaryPublished: [[{ month: '2026-03', amount: 1_000_000, teacher_name: 'Karimov B.' }, { entity: 'salary' }]],
  billingRecalculated: [[{ group_title: 'PY-BAS-1' }, group]],
  leadEdited: [[{ name: 'Olim', changed: {} }, lead]],
  leadMoved: [
    [{ name: 'Olim', from: { column: 'incoming', branch_id: 1 }, to: { column: 'set', branch_id: 1 } }, lead],
    [{ name: 'Olim', from: { column: 'incoming', branch_id: 1 }, to: { column: 'incoming', branch_id: 2 } }, lead],
  ],
  leadArchived: [[{ name: 'Olim', reason: 'Qimmat' }, lead]],
  leadRestored: [[{ name: 'Olim' }, lead]],
  leadConverted: [[{ name: 'Olim', student_id: 7, group_id: 30, group_title: 'PY-BAS-1' }, lead]],
  leadBoardChanged: [
    [{ section_created: 1, title: 'Yoz' }, { entity: 'lead_board' }],
    [{ section_renamed: 1, before: 'Yoz', after: 'Kuz' }, { entity: 'lead_board' }],
    [{ section_deleted: 1, title: 'Yoz', cards_moved: 3 }, { entity: 'lead_board' }],
    [{ column: 'waiting', title: 'Kutmoqda' }, { entity: 'lead_board' }],
  ],
  leadSettingsChanged: [
    [{ action: 'created', name: 'Instagram', active: true }, { entity: 'lead_source' }],
    [{ action: 'deleted', title: 'Qimmat' }, { entity: 'lead_reason' }],
  ],
  leadsImported: [[{ total_rows: 10, imported: 8, rejected: 2 }, lead]],
  salaryCalculated: [[{ month: '2026-03', drafts: 4, teacher_name: 'Karimov B.' }, { entity: 'salary' }]],
  salaryUnpublished: [
    [{ month: '2026-03', amount: 1_000_000, reason: 'Xato', teacher_name: 'Karimov B.' }, { entity: 'salary' }],
  ],
  worklyBound: [[{ workly_employee_id: 5, workly_name: 'Karimov Bobur' }]],
  worklyUnbound: [[{ workly_employee_id: 5 }]],
  smsTemplateChanged: [
    [{ action: 'created', title: 'Qarz eslatmasi' }, { entity: 'sms_template' }],
    [{ action: 'updated', before: { title: 'Qarz' }, after: { title: 'Qarz eslatmasi' } }, { entity: 'sms_template' }],
    [{ action: 'deleted', title: 'Qarz eslatmasi' }, { entity: 'sms_template' }],
  ],
  autoSmsRuleChanged: [
    [{ rule: 'birthday', enabled: true }],
    [{ rule: 'debtor', enabled: false }],
    [{ rule: 'advance_payment', before: { days: 3 }, after: { days: 2 } }],
  ],
  smsSettingsChanged: [[{ sender: 'CODIAL' }], [{ own_provider: 'eskiz' }], [{ own_provider: null }]],
  ...REMINDER_SAMPLES,
  ...COMPANY_SAMPLES,
  ...PAYMENT_SAMPLES,
  ...LEARNING_SAMPLES,
  ...FORMS_SAMPLES,
  ...GAMIFICATION_SAMPLES,
  ...PARENT_SAMPLES,
};
