import { type SentenceTools, sentence, words } from './history-sentence-kit.js';

/** History sentences of groups, their students, lessons and attendance. */

/** The student's status in a group before and after (spec §4). */
const statusChange = (t: SentenceTools) => ({ from: t.status('from'), to: t.status('to') });

/** A group event names its group and, when it is about one of its students, him. */
const groupAndStudent = (t: SentenceTools) => ({ group: t.group(), student: t.person('student_name') });

/** The lesson change a groupEdited event holds (lessons module), by its key. */
const LESSON_CHANGES = ['lesson_cancelled', 'lesson_restored', 'lesson_moved', 'lesson_theme', 'teacher_changed'];

export const groupSentences = {
  groupCreated: sentence({
    label: words('Guruh ochildi', 'Группа создана', 'Group created', 'Kelompok dibuat'),
    placeholders: ['group'],
    fill: (t) => ({ group: t.group() }),
    templates: {
      default: words(
        '{actor} yangi guruh ochdi: {group}',
        '{actor} создал[а] группу {group}',
        '{actor} created group {group}',
        '{actor} membuat kelompok {group}',
      ),
    },
  }),
  groupEdited: sentence({
    label: words('Guruh tahrirlandi', 'Группа изменена', 'Group edited', 'Kelompok diubah'),
    placeholders: ['group', 'date', 'reason', 'from', 'to', 'time', 'theme', 'teacher'],
    fill: (t) => {
      const moved = (key: string) => t.date('lesson_moved', key);
      const start = t.text('lesson_moved', 'start_time');
      const end = t.text('lesson_moved', 'end_time');
      return {
        group: t.group(),
        date:
          t.date('lesson_cancelled') ??
          t.date('lesson_restored') ??
          t.date('lesson_theme', 'date') ??
          t.date('teacher_changed', 'date'),
        reason: t.text('reason'),
        from: moved('from'),
        to: moved('to'),
        time: start && end ? `${start}–${end}` : undefined,
        theme: t.text('lesson_theme', 'theme'),
        teacher: t.strong(t.text('teacher_changed', 'teacher_name')),
      };
    },
    variant: (t) => {
      const change = LESSON_CHANGES.find((key) => t.raw(key) !== undefined);
      if (change === 'teacher_changed')
        return t.text('teacher_changed', 'scope') === 'lesson' ? 'lessonTeacher' : 'teacher';
      return change ?? 'default';
    },
    templates: {
      default: words(
        '{actor} guruh maʼlumotlarini tahrirladi: {group}',
        '{actor} отредактировал[а] группу {group}',
        '{actor} edited group {group}',
        '{actor} mengubah kelompok {group}',
      ),
      lesson_cancelled: words(
        '{actor} {group} guruhining {date} kungi darsini bekor qildi‹. Sabab: {reason}›',
        '{actor} отменил[а] урок группы {group} за {date}‹. Причина: {reason}›',
        '{actor} cancelled the {date} lesson of group {group}‹. Reason: {reason}›',
        '{actor} membatalkan pelajaran kelompok {group} tanggal {date}‹. Alasan: {reason}›',
      ),
      lesson_restored: words(
        '{actor} {group} guruhining {date} kungi bekor qilingan darsini qaytardi',
        '{actor} вернул[а] отменённый урок группы {group} за {date}',
        '{actor} restored the cancelled {date} lesson of group {group}',
        '{actor} memulihkan pelajaran kelompok {group} tanggal {date} yang dibatalkan',
      ),
      lesson_moved: words(
        '{actor} {group} guruhining darsini {from} kunidan {to} kuniga koʻchirdi‹, {time}›',
        '{actor} переместил[а] урок группы {group} с {from} на {to}‹, {time}›',
        '{actor} moved the lesson of group {group} from {from} to {to}‹, {time}›',
        '{actor} memindahkan pelajaran kelompok {group} dari {from} ke {to}‹, {time}›',
      ),
      lesson_theme: words(
        '{actor} {group} guruhining {date} kungi dars mavzusini yozdi‹: «{theme}»›',
        '{actor} указал[а] тему урока группы {group} за {date}‹: «{theme}»›',
        '{actor} set the topic of the {date} lesson of group {group}‹: “{theme}”›',
        '{actor} menetapkan topik pelajaran kelompok {group} tanggal {date}‹: “{theme}”›',
      ),
      lessonTeacher: words(
        '{actor} {group} guruhining {date} kungi darsiga boshqa oʻqituvchi qoʻydi‹: {teacher}›',
        '{actor} заменил[а] преподавателя урока группы {group} за {date}‹: {teacher}›',
        '{actor} replaced the teacher of the {date} lesson of group {group}‹ with {teacher}›',
        '{actor} mengganti pengajar pelajaran kelompok {group} tanggal {date}‹ dengan {teacher}›',
      ),
      teacher: words(
        '{actor} {group} guruhining oʻqituvchisini {date} sanasidan boshlab almashtirdi‹: {teacher}›',
        '{actor} сменил[а] преподавателя группы {group} с {date}‹: {teacher}›',
        '{actor} changed the teacher of group {group} from {date}‹ to {teacher}›',
        '{actor} mengganti pengajar kelompok {group} mulai {date}‹ menjadi {teacher}›',
      ),
    },
  }),
  groupDeleted: sentence({
    label: words('Guruh oʻchirildi', 'Группа удалена', 'Group deleted', 'Kelompok dihapus'),
    placeholders: ['group'],
    // The group is gone: its name is not a link.
    fill: (t) => ({ group: t.strong(t.text('title') ?? t.text('group_title')) }),
    templates: {
      default: words(
        '{actor} guruhni oʻchirdi: {group}',
        '{actor} удалил[а] группу {group}',
        '{actor} deleted group {group}',
        '{actor} menghapus kelompok {group}',
      ),
    },
  }),
  groupArchived: sentence({
    label: words('Guruh arxivlandi', 'Группа в архиве', 'Group archived', 'Kelompok diarsipkan'),
    placeholders: ['group'],
    fill: (t) => ({ group: t.group() }),
    templates: {
      default: words(
        '{actor} guruhni arxivga oʻtkazdi: {group}',
        '{actor} отправил[а] группу {group} в архив',
        '{actor} archived group {group}',
        '{actor} mengarsipkan kelompok {group}',
      ),
    },
  }),
  gradeGiven: sentence({
    label: words('Baho qoʻyildi', 'Выставлена оценка', 'Grade given', 'Nilai diberikan'),
    placeholders: ['group', 'student', 'date', 'score', 'previous'],
    fill: (t) => ({
      ...groupAndStudent(t),
      date: t.date('date'),
      score: t.strong(t.number('score')?.toString()),
      previous: t.strong(t.number('previous_score')?.toString()),
    }),
    variant: (t) =>
      t.number('score') === undefined ? 'cleared' : t.number('previous_score') === undefined ? 'default' : 'changed',
    templates: {
      default: words(
        '{actor} {group} guruhida {date} kungi dars uchun {student}ga {score} baho qoʻydi',
        '{actor} поставил[а] студенту {student} оценку {score} за урок {date} в группе {group}',
        '{actor} gave {student} a {score} for the lesson of {date} in group {group}',
        '{actor} memberi {student} nilai {score} untuk pelajaran {date} di kelompok {group}',
      ),
      changed: words(
        '{actor} {group} guruhida {date} kungi dars bahosini oʻzgartirdi: {student} — {previous} → {score}',
        '{actor} изменил[а] оценку студента {student} за урок {date} в группе {group}: {previous} → {score}',
        '{actor} changed the grade of {student} for the lesson of {date} in group {group}: {previous} → {score}',
        '{actor} mengubah nilai {student} untuk pelajaran {date} di kelompok {group}: {previous} → {score}',
      ),
      cleared: words(
        '{actor} {group} guruhida {date} kungi dars bahosini olib tashladi: {student}‹ ({previous})›',
        '{actor} снял[а] оценку студента {student} за урок {date} в группе {group}‹ ({previous})›',
        '{actor} took back the grade of {student} for the lesson of {date} in group {group}‹ ({previous})›',
        '{actor} menghapus nilai {student} untuk pelajaran {date} di kelompok {group}‹ ({previous})›',
      ),
    },
  }),
  groupCommentAdded: sentence({
    label: words('Guruhga izoh', 'Заметка в группе', 'Group note added', 'Catatan kelompok'),
    placeholders: ['group', 'student'],
    fill: groupAndStudent,
    templates: {
      default: words(
        '{actor} {group} guruhiga izoh qoldirdi‹ ({student} haqida)›',
        '{actor} оставил[а] заметку в группе {group}‹ о студенте {student}›',
        '{actor} added a note to group {group}‹ about {student}›',
        '{actor} menambahkan catatan di kelompok {group}‹ tentang {student}›',
      ),
    },
  }),
  studentAddedToGroup: sentence({
    label: words('Guruhga qoʻshildi', 'Добавлен в группу', 'Added to a group', 'Ditambahkan ke kelompok'),
    placeholders: ['group', 'student'],
    fill: groupAndStudent,
    templates: {
      default: words(
        '{actor} {group} guruhiga oʻquvchi qoʻshdi: {student}',
        '{actor} добавил[а] студента {student} в группу {group}',
        '{actor} added {student} to group {group}',
        '{actor} menambahkan {student} ke kelompok {group}',
      ),
    },
  }),
  studentStatusChanged: sentence({
    label: words(
      'Guruhdagi holat oʻzgardi',
      'Статус в группе изменён',
      'Status in a group changed',
      'Status di kelompok diubah',
    ),
    placeholders: ['group', 'student', 'from', 'to'],
    fill: (t) => ({ ...groupAndStudent(t), ...statusChange(t) }),
    templates: {
      default: words(
        '{actor} {group} guruhidagi holatni oʻzgartirdi: {student}, {from} → {to}',
        '{actor} изменил[а] статус студента {student} в группе {group}: {from} → {to}',
        '{actor} changed the status of {student} in group {group}: {from} → {to}',
        '{actor} mengubah status {student} di kelompok {group}: {from} → {to}',
      ),
    },
  }),
  studentRemovedFromGroup: sentence({
    label: words('Guruhdan chiqarildi', 'Удалён из группы', 'Removed from a group', 'Dikeluarkan dari kelompok'),
    placeholders: ['group', 'student'],
    fill: groupAndStudent,
    templates: {
      default: words(
        '{actor} {group} guruhidan oʻquvchini chiqardi: {student}',
        '{actor} удалил[а] студента {student} из группы {group}',
        '{actor} removed {student} from group {group}',
        '{actor} mengeluarkan {student} dari kelompok {group}',
      ),
    },
  }),
  studentMoved: sentence({
    label: words(
      'Boshqa guruhga oʻtkazildi',
      'Переведён в другую группу',
      'Moved to another group',
      'Dipindahkan ke kelompok lain',
    ),
    placeholders: ['student', 'from', 'to'],
    fill: (t) => ({
      student: t.person('student_name'),
      from: t.group('from_group_id', ['from_group_title']),
      to: t.group('to_group_id', ['to_group_title']),
    }),
    templates: {
      default: words(
        '{actor} oʻquvchini {from} guruhidan {to} guruhiga oʻtkazdi: {student}',
        '{actor} перевел[а] студента {student} из группы {from} в группу {to}',
        '{actor} moved {student} from group {from} to group {to}',
        '{actor} memindahkan {student} dari kelompok {from} ke kelompok {to}',
      ),
    },
  }),
  individualPriceSet: sentence({
    label: words(
      'Alohida narx belgilandi',
      'Назначена индивидуальная цена',
      'Individual price set',
      'Harga khusus ditetapkan',
    ),
    placeholders: ['group', 'student', 'amount', 'start', 'end'],
    fill: (t) => ({
      ...groupAndStudent(t),
      amount: t.money('exception_sum'),
      start: t.date('exception_sum_start_date'),
      end: t.date('exception_sum_end_date'),
    }),
    templates: {
      default: words(
        '{actor} {group} guruhida alohida narx belgiladi: {student}, {amount}‹, {start} – {end}›',
        '{actor} назначил[а] индивидуальную цену студенту {student} в группе {group}: {amount}‹, {start} – {end}›',
        '{actor} set an individual price for {student} in group {group}: {amount}‹, {start} – {end}›',
        '{actor} menetapkan harga khusus untuk {student} di kelompok {group}: {amount}‹, {start} – {end}›',
      ),
    },
  }),
  individualPriceRemoved: sentence({
    label: words(
      'Alohida narx bekor qilindi',
      'Индивидуальная цена снята',
      'Individual price removed',
      'Harga khusus dihapus',
    ),
    placeholders: ['group', 'student'],
    fill: groupAndStudent,
    templates: {
      default: words(
        '{actor} {group} guruhidagi alohida narxni bekor qildi: {student}',
        '{actor} снял[а] индивидуальную цену студента {student} в группе {group}',
        '{actor} removed the individual price of {student} in group {group}',
        '{actor} menghapus harga khusus {student} di kelompok {group}',
      ),
    },
  }),
  attendanceMarked: sentence({
    label: words('Davomat belgilandi', 'Отмечена посещаемость', 'Attendance marked', 'Kehadiran ditandai'),
    placeholders: ['group', 'student', 'date', 'count'],
    fill: (t) => {
      const many = t.raw('student_ids');
      return {
        ...groupAndStudent(t),
        date: t.date('date'),
        count: Array.isArray(many) ? String(many.length) : undefined,
      };
    },
    variant: (t) => {
      const mark = t.number('status') === 1 ? 'present' : t.number('status') === 0 ? 'absent' : 'cleared';
      return Array.isArray(t.raw('student_ids')) ? `many_${mark}` : mark;
    },
    templates: {
      default: words(
        '{actor} {group} guruhida {date} kungi davomatni belgiladi',
        '{actor} отметил[а] посещаемость группы {group} за {date}',
        '{actor} marked the attendance of group {group} on {date}',
        '{actor} menandai kehadiran kelompok {group} tanggal {date}',
      ),
      present: words(
        '{actor} {group} guruhida {date} kungi davomatni belgiladi: {student} — keldi',
        '{actor} поставил[а] отметку «был» студенту {student} в группе {group} за {date}',
        '{actor} marked {student} present in group {group} on {date}',
        '{actor} menandai {student} hadir di kelompok {group} tanggal {date}',
      ),
      absent: words(
        '{actor} {group} guruhida {date} kungi davomatni belgiladi: {student} — kelmadi',
        '{actor} поставил[а] отметку «не был» студенту {student} в группе {group} за {date}',
        '{actor} marked {student} absent in group {group} on {date}',
        '{actor} menandai {student} tidak hadir di kelompok {group} tanggal {date}',
      ),
      cleared: words(
        '{actor} {group} guruhida {date} kungi davomat belgisini olib tashladi: {student}',
        '{actor} снял[а] отметку посещаемости студента {student} в группе {group} за {date}',
        '{actor} cleared the attendance mark of {student} in group {group} on {date}',
        '{actor} menghapus tanda kehadiran {student} di kelompok {group} tanggal {date}',
      ),
      many_present: words(
        '{actor} {group} guruhida {date} kuni {count} ta oʻquvchini «keldi» deb belgiladi',
        '{actor} поставил[а] отметку «был» в группе {group} за {date} (студентов: {count})',
        '{actor} marked {count} students present in group {group} on {date}',
        '{actor} menandai {count} siswa hadir di kelompok {group} tanggal {date}',
      ),
      many_absent: words(
        '{actor} {group} guruhida {date} kuni {count} ta oʻquvchini «kelmadi» deb belgiladi',
        '{actor} поставил[а] отметку «не был» в группе {group} за {date} (студентов: {count})',
        '{actor} marked {count} students absent in group {group} on {date}',
        '{actor} menandai {count} siswa tidak hadir di kelompok {group} tanggal {date}',
      ),
      many_cleared: words(
        '{actor} {group} guruhida {date} kungi davomat belgilarini olib tashladi ({count} ta oʻquvchi)',
        '{actor} снял[а] отметки посещаемости в группе {group} за {date} (студентов: {count})',
        '{actor} cleared {count} attendance marks in group {group} on {date}',
        '{actor} menghapus {count} tanda kehadiran di kelompok {group} tanggal {date}',
      ),
    },
  }),
};
