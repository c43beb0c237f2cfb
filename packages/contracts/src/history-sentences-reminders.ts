import type { HistoryItem } from './history-api.js';
import { type SentenceTools, sentence, words } from './history-sentence-kit.js';

/**
 * History sentences of reminders and tasks (spec §3 Reminder, §4). A task's event names its title and, when it
 * concerns someone, the student (linked; the student's own history shows it), the group or the lead.
 */

/** What the task concerns: the student, else the group, else the lead (by the names stored then). */
const aboutOf = (t: SentenceTools) =>
  t.person('student_name') ?? t.group('group_id', ['group_title']) ?? t.strong(t.text('lead_name'));

/** "21.03.2026 14:00": the company's day and time the task is due. */
const dueOf = (t: SentenceTools, ...at: string[]) => {
  const date = t.date(...at, 'date');
  const time = t.text(...at, 'time');
  return t.strong(date && time ? `${date} ${time}` : date);
};

const taskFill = (t: SentenceTools) => ({
  title: t.text('title'),
  about: aboutOf(t),
  assignee: t.strong(t.text('assignee_name')),
  due: dueOf(t),
});

export const reminderSentences = {
  reminderCreated: sentence({
    label: words('Vazifa qoʻshildi', 'Добавлена задача', 'Task added', 'Tugas ditambahkan'),
    placeholders: ['title', 'about', 'assignee', 'due'],
    fill: taskFill,
    templates: {
      default: words(
        '{actor} «{title}» vazifasini qoʻshdi‹, ijrochi: {assignee}›‹, muddati: {due}›‹ — {about}›',
        '{actor} добавил[а] задачу «{title}»‹ для {assignee}›‹ на {due}›‹ — {about}›',
        '{actor} added task “{title}”‹ for {assignee}›‹ due {due}›‹ — {about}›',
        '{actor} menambahkan tugas “{title}”‹ untuk {assignee}›‹ pada {due}›‹ — {about}›',
      ),
    },
  }),
  reminderEdited: sentence({
    label: words('Vazifa tahrirlandi', 'Изменена задача', 'Task edited', 'Tugas diubah'),
    placeholders: ['title', 'about', 'assignee', 'due'],
    fill: taskFill,
    templates: {
      default: words(
        '{actor} «{title}» vazifasini tahrirladi‹, ijrochi: {assignee}›‹, muddati: {due}›‹ — {about}›',
        '{actor} изменил[а] задачу «{title}»‹ для {assignee}›‹ на {due}›‹ — {about}›',
        '{actor} edited task “{title}”‹ for {assignee}›‹ due {due}›‹ — {about}›',
        '{actor} mengubah tugas “{title}”‹ untuk {assignee}›‹ pada {due}›‹ — {about}›',
      ),
    },
  }),
  reminderDeleted: sentence({
    label: words('Vazifa oʻchirildi', 'Удалена задача', 'Task deleted', 'Tugas dihapus'),
    placeholders: ['title', 'about'],
    fill: taskFill,
    templates: {
      default: words(
        '{actor} «{title}» vazifasini oʻchirdi‹ — {about}›',
        '{actor} удалил[а] задачу «{title}»‹ — {about}›',
        '{actor} deleted task “{title}”‹ — {about}›',
        '{actor} menghapus tugas “{title}”‹ — {about}›',
      ),
    },
  }),
  reminderStatusChanged: sentence({
    label: words('Vazifa holati oʻzgardi', 'Изменён статус задачи', 'Task status changed', 'Status tugas diubah'),
    placeholders: ['title', 'about', 'comment'],
    fill: (t) => ({ ...taskFill(t), comment: t.text('comment') }),
    variant: (t) => (t.number('status') === 1 ? 'done' : t.number('status') === 0 ? 'reopened' : 'default'),
    templates: {
      default: words(
        '{actor} «{title}» vazifasining holatini oʻzgartirdi‹ — {about}›',
        '{actor} изменил[а] статус задачи «{title}»‹ — {about}›',
        '{actor} changed the status of task “{title}”‹ — {about}›',
        '{actor} mengubah status tugas “{title}”‹ — {about}›',
      ),
      done: words(
        '{actor} «{title}» vazifasini bajarildi deb belgiladi‹ — {about}›‹: «{comment}»›',
        '{actor} отметил[а] задачу «{title}» выполненной‹ — {about}›‹: «{comment}»›',
        '{actor} marked task “{title}” done‹ — {about}›‹: “{comment}”›',
        '{actor} menandai tugas “{title}” selesai‹ — {about}›‹: “{comment}”›',
      ),
      reopened: words(
        '{actor} «{title}» vazifasini qayta faol qildi‹ — {about}›',
        '{actor} вернул[а] задачу «{title}» в работу‹ — {about}›',
        '{actor} reopened task “{title}”‹ — {about}›',
        '{actor} membuka kembali tugas “{title}”‹ — {about}›',
      ),
    },
  }),
};

const reminder = { entity: 'reminder', entity_id: 70 } as const;
const task = {
  title: 'Ota-onasiga qoʻngʻiroq qilish',
  date: '2026-03-21',
  time: '14:00',
  assigned_to: 3,
  assignee_name: 'Malika Y.',
};

/** What the server writes for each reminder event (history-sentence-samples.ts spreads them into SAMPLES). */
export const REMINDER_SAMPLES: Record<
  keyof typeof reminderSentences,
  [Record<string, unknown>, Partial<HistoryItem>?][]
> = {
  reminderCreated: [
    [{ ...task, student_id: 7, student_name: 'Sobirov D.' }, reminder],
    [{ ...task, group_id: 30, group_title: 'PY-BAS-1' }, reminder],
    [{ ...task, lead_id: 50, lead_name: 'Olim' }, reminder],
    [task, reminder],
  ],
  reminderEdited: [[{ ...task, before: { title: 'Eski' }, after: { title: task.title } }, reminder]],
  reminderDeleted: [[{ ...task, student_id: 7, student_name: 'Sobirov D.' }, reminder]],
  reminderStatusChanged: [
    [{ ...task, status: 1, comment: 'Kelishildi, ertaga keladi' }, reminder],
    [{ ...task, status: 1, comment: null }, reminder],
    [{ ...task, status: 0 }, reminder],
  ],
};
