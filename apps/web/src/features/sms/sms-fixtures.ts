import {
  AUTO_SMS_RULES,
  AUTO_SMS_TIMING,
  type AutoSmsRuleSettings,
  type SmsLog,
  type SmsMessage,
  type SmsTemplate,
  type SmsUsage,
} from '@crm/contracts';

/** Answers of the SMS routes as the server gives them, for the page tests; overrides replace fields. */

export const aUsage = (overrides: Partial<SmsUsage> = {}): SmsUsage => ({
  month_parts: 120,
  monthly_limit: 500,
  bonus_left: 30,
  own_operator: false,
  month_cost_parts: 120,
  log_only: false,
  ...overrides,
});

export const aMessage = (overrides: Partial<SmsMessage> = {}): SmsMessage => ({
  id: 1,
  created_at: '2025-03-04T05:00:00.000Z',
  state: 'delivered',
  state_at: '2025-03-04T05:00:09.000Z',
  phone: '998901234567',
  recipient: 'student',
  person: { id: 11, name: 'Karimov Aziz' },
  lead: null,
  text: 'Hurmatli Karimov Aziz, darsingiz ertaga soat 9:00 da.',
  parts: 1,
  alphabet: 'gsm7',
  kind: 'manual',
  rule: null,
  sender: null,
  author: { id: 7, name: 'Aziza Karimova' },
  error: null,
  delivered_by: 'sms',
  ...overrides,
});

export const aLog = (data: SmsMessage[], usage: SmsUsage = aUsage()): SmsLog => ({
  data,
  pagination: {
    count: data.length,
    current_page: 1,
    last_page: 1,
    per_page: 50,
    total: data.length,
    total_pages: 1,
  },
  usage,
});

export const aTemplate = (overrides: Partial<SmsTemplate> = {}): SmsTemplate => ({
  id: 3,
  title: 'Dars eslatmasi',
  text: 'Hurmatli {student_name}, ertaga dars bor.',
  updated_at: '2025-03-01T08:00:00.000Z',
  policies: { edit: true, delete: true },
  ...overrides,
});

/** Every rule of spec §9, as a fresh company has them (off, the default texts), editable or not. */
export const autoRules = (edit = true): { data: AutoSmsRuleSettings[]; send_hour: number } => ({
  data: AUTO_SMS_RULES.map((rule) => ({
    rule,
    timing: AUTO_SMS_TIMING[rule],
    enabled: rule === 'debtor',
    sender: null,
    days: rule === 'advance_payment' ? 3 : 0,
    text: `Hurmatli {student_name}, ${rule}.`,
    policies: { edit },
  })),
  send_hour: 9,
});
