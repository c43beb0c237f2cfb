import { type FormAnswerRow, type FormField, type Language, SHOWN_ONLY_TYPES, zonedDateTime } from '@crm/contracts';
import ExcelJS from 'exceljs';
import { wordsByLanguage } from '../../platform/sheet-words.js';

const WORDS = wordsByLanguage({
  sheet: ['Javoblar', 'Ответы', 'Answers', 'Jawaban'],
  answeredAt: ['Vaqt', 'Время', 'Time', 'Waktu'],
  student: ['Oʻquvchi', 'Ученик', 'Student', 'Siswa'],
  group: ['Guruh', 'Группа', 'Group', 'Kelompok'],
  teacher: ['Oʻqituvchi', 'Преподаватель', 'Teacher', 'Guru'],
  source: ['Manba (utm_source)', 'Источник (utm_source)', 'Source (utm_source)', 'Sumber (utm_source)'],
  campaign: ['Kampaniya', 'Кампания', 'Campaign', 'Kampanye'],
});

const cellOf = (value: FormAnswerRow['values'][string] | undefined) =>
  value === undefined ? '' : Array.isArray(value) ? value.join(', ') : value;

/**
 * The answers as one sheet: the time in the company's zone, one column per question (several choices joined
 * by commas, NPS as a number the sheet can average), the utm source and campaign; audits add the student,
 * group and teacher.
 */
export async function answersWorkbook(
  fields: readonly FormField[],
  answers: readonly FormAnswerRow[],
  audit: boolean,
  language: Language,
  timeZone: string,
): Promise<Buffer> {
  const words = WORDS[language];
  const questions = fields.filter((field) => !SHOWN_ONLY_TYPES.includes(field.type));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(words.sheet);
  const people = audit
    ? [
        { header: words.student, key: 'student', width: 26 },
        { header: words.group, key: 'group', width: 18 },
        { header: words.teacher, key: 'teacher', width: 24 },
      ]
    : [];
  sheet.columns = [
    { header: words.answeredAt, key: 'at', width: 18 },
    ...people,
    ...questions.map((q, i) => ({ header: q.label, key: `q${i}`, width: q.type === 'long_answer' ? 48 : 24 })),
    { header: words.source, key: 'utm_source', width: 18 },
    { header: words.campaign, key: 'utm_campaign', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const answer of answers) {
    const at = zonedDateTime(new Date(answer.created_at), timeZone);
    sheet.addRow({
      at: `${at.date} ${at.time}`,
      student: answer.student?.name ?? '',
      group: answer.group?.title ?? '',
      teacher: answer.teacher?.name ?? '',
      ...Object.fromEntries(questions.map((q, i) => [`q${i}`, cellOf(answer.values[q.key])])),
      utm_source: answer.source.utm_source ?? '',
      utm_campaign: answer.source.utm_campaign ?? '',
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
