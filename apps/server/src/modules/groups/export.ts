import { type Group, type Language, normalizeLanguage } from '@crm/contracts';
import ExcelJS from 'exceljs';

type Column = 'title' | 'course' | 'teacher' | 'room' | 'days' | 'time' | 'start' | 'end' | 'status' | 'students';

/** The sheet's own words: an export is read outside the app, in the language asked for. */
const WORDS: Record<Language, { sheet: string; columns: Record<Column, string>; status: Record<number, string> }> = {
  uz: {
    sheet: 'Guruhlar',
    columns: {
      title: 'Guruh',
      course: 'Kurs',
      teacher: 'Oʻqituvchi',
      room: 'Xona',
      days: 'Kunlar',
      time: 'Vaqt',
      start: 'Boshlanish',
      end: 'Tugash',
      status: 'Holat',
      students: 'Oʻquvchilar / sigʻim',
    },
    status: { 1: 'Yigʻilmoqda', 2: 'Faol', 3: 'Arxiv', 4: 'Tugagan' },
  },
  ru: {
    sheet: 'Группы',
    columns: {
      title: 'Группа',
      course: 'Курс',
      teacher: 'Преподаватель',
      room: 'Кабинет',
      days: 'Дни',
      time: 'Время',
      start: 'Начало',
      end: 'Окончание',
      status: 'Статус',
      students: 'Студенты / вместимость',
    },
    status: { 1: 'Набор', 2: 'Активная', 3: 'Архив', 4: 'Завершена' },
  },
  en: {
    sheet: 'Groups',
    columns: {
      title: 'Group',
      course: 'Course',
      teacher: 'Teacher',
      room: 'Room',
      days: 'Days',
      time: 'Time',
      start: 'Start',
      end: 'End',
      status: 'Status',
      students: 'Students / capacity',
    },
    status: { 1: 'Selection', 2: 'Active', 3: 'Archive', 4: 'Completed' },
  },
  id: {
    sheet: 'Grup',
    columns: {
      title: 'Grup',
      course: 'Kursus',
      teacher: 'Pengajar',
      room: 'Ruang',
      days: 'Hari',
      time: 'Waktu',
      start: 'Mulai',
      end: 'Selesai',
      status: 'Status',
      students: 'Siswa / kapasitas',
    },
    status: { 1: 'Seleksi', 2: 'Aktif', 3: 'Arsip', 4: 'Selesai' },
  },
};

/** ISO weekday names (1 = Monday) by language, short. */
const WEEKDAYS: Record<Language, string[]> = {
  uz: ['Du', 'Se', 'Ch', 'Pa', 'Ju', 'Sh', 'Ya'],
  ru: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  id: ['Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab', 'Min'],
};

/** GET /group/export: the list's groups as an xlsx workbook (spec §7). */
export async function groupsWorkbook(list: Group[], language: string | undefined): Promise<Buffer> {
  const lang = normalizeLanguage(language);
  const words = WORDS[lang];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(words.sheet);
  const widths: Record<Column, number> = {
    title: 24,
    course: 24,
    teacher: 24,
    room: 14,
    days: 20,
    time: 14,
    start: 12,
    end: 12,
    status: 14,
    students: 14,
  };
  sheet.columns = (Object.keys(widths) as Column[]).map((key) => ({
    header: words.columns[key],
    key,
    width: widths[key],
  }));
  sheet.getRow(1).font = { bold: true };
  for (const group of list) {
    sheet.addRow({
      title: group.title,
      course: group.course.name,
      teacher: group.teacher.name,
      room: group.room?.name ?? '',
      days: group.days.map((d) => WEEKDAYS[lang][d - 1]).join(', '),
      time: `${group.start_time}–${group.end_time}`,
      start: group.start_date,
      end: group.end_date ?? '',
      status: words.status[group.status] ?? String(group.status),
      students:
        group.capacity.capacity === null
          ? String(group.student_count)
          : `${group.student_count} / ${group.capacity.capacity}`,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
