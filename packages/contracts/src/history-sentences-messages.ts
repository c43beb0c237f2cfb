import { type EventSentence, sentence, words } from './history-sentence-kit.js';
import { catalogue } from './history-sentences-settings.js';

/**
 * History sentences of the SMS set-up (issue 15): templates, automatic rules and the company's SMS
 * account. The "SMS sent" sentence lives with the other messages to people (history-sentences-settings).
 */

/** Spec §9 rule names as a sentence says them. */
const RULE_NAMES: Record<string, ReturnType<typeof words>> = {
  advance_payment: words(
    'oldindan toʻlov eslatmasi',
    'напоминание об оплате',
    'advance payment notice',
    'pengingat pembayaran',
  ),
  debtor: words('qarzdorlarga SMS', 'SMS должникам', 'debtor SMS', 'SMS penunggak'),
  balance_not_enough: words('balans yetarli emas', 'недостаточно баланса', 'balance not enough', 'saldo tidak cukup'),
  birthday: words('tugʻilgan kun tabrigi', 'поздравление с днём рождения', 'birthday greeting', 'ucapan ulang tahun'),
  payment_done: words('toʻlov qabul qilindi', 'оплата получена', 'payment received', 'pembayaran diterima'),
  activation: words('guruhga faollashtirish', 'активация в группе', 'group activation', 'aktivasi grup'),
};

export const messageSentences = {
  smsTemplateChanged: catalogue(
    words('SMS shabloni oʻzgardi', 'Изменён шаблон SMS', 'SMS template changed', 'Templat SMS diubah'),
    { uz: ['SMS shabloni', 'SMS shablonini'], ru: 'шаблон SMS', en: 'SMS template', id: 'templat SMS' },
  ),
  autoSmsRuleChanged: sentence({
    label: words(
      'Avtomatik SMS oʻzgardi',
      'Изменено автоматическое SMS',
      'Automatic SMS changed',
      'SMS otomatis diubah',
    ),
    placeholders: ['rule'],
    fill: (t) => {
      const rule = t.text('rule');
      const name = rule ? RULE_NAMES[rule] : undefined;
      return { rule: t.strong(name ? name[t.ctx.language] : rule) };
    },
    variant: (t) => (t.raw('enabled') === true ? 'enabled' : t.raw('enabled') === false ? 'disabled' : 'default'),
    templates: {
      default: words(
        '{actor} avtomatik SMSni oʻzgartirdi‹: {rule}›',
        '{actor} изменил[а] автоматическое SMS‹ «{rule}»›',
        '{actor} changed the automatic SMS‹ “{rule}”›',
        '{actor} mengubah SMS otomatis‹ “{rule}”›',
      ),
      enabled: words(
        '{actor} avtomatik SMSni yoqdi‹: {rule}›',
        '{actor} включил[а] автоматическое SMS‹ «{rule}»›',
        '{actor} turned on the automatic SMS‹ “{rule}”›',
        '{actor} mengaktifkan SMS otomatis‹ “{rule}”›',
      ),
      disabled: words(
        '{actor} avtomatik SMSni oʻchirdi‹: {rule}›',
        '{actor} выключил[а] автоматическое SMS‹ «{rule}»›',
        '{actor} turned off the automatic SMS‹ “{rule}”›',
        '{actor} menonaktifkan SMS otomatis‹ “{rule}”›',
      ),
    },
  }),
  smsSettingsChanged: sentence({
    label: words('SMS sozlamalari', 'Настройки SMS', 'SMS settings changed', 'Pengaturan SMS diubah'),
    placeholders: [],
    fill: () => ({}),
    variant: (t) =>
      t.raw('own_provider') === null ? 'disconnected' : t.text('own_provider') ? 'connected' : 'default',
    templates: {
      default: words(
        '{actor} SMS sozlamalarini oʻzgartirdi',
        '{actor} изменил[а] настройки SMS',
        '{actor} changed the SMS settings',
        '{actor} mengubah pengaturan SMS',
      ),
      connected: words(
        '{actor} oʻz SMS operatorini ulandi',
        '{actor} подключил[а] своего SMS-оператора',
        '{actor} connected the company’s own SMS operator',
        '{actor} menghubungkan operator SMS milik perusahaan',
      ),
      disconnected: words(
        '{actor} oʻz SMS operatorini uzdi',
        '{actor} отключил[а] своего SMS-оператора',
        '{actor} disconnected the company’s own SMS operator',
        '{actor} memutus operator SMS milik perusahaan',
      ),
    },
  }),
} satisfies Record<string, EventSentence>;
