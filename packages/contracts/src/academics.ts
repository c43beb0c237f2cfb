/**
 * Shared vocabulary of people and academics (spec §3, §4, §9). Numbers are part
 * of the API contract.
 */

/** Spec §4 student status (per student in a group). */
export const StudentStatus = {
  inactive: 1, // trial lesson, just added to the group
  cameToTrial: 2,
  missedTrial: 3,
  frozen: 4,
  active: 5, // pays
  archived: 6,
} as const;
export type StudentStatusId = (typeof StudentStatus)[keyof typeof StudentStatus];
export const STUDENT_STATUS_IDS = Object.values(StudentStatus) as StudentStatusId[];

/** Spec §4 group status. Archiving a group already at 3 deletes it. */
export const GroupStatus = { selection: 1, active: 2, archive: 3, completed: 4 } as const;
export type GroupStatusId = (typeof GroupStatus)[keyof typeof GroupStatus];
export const GROUP_STATUS_IDS = Object.values(GroupStatus) as GroupStatusId[];

/**
 * Spec §9 group day types. Weekdays are ISO numbers, 1 = Monday … 7 = Sunday;
 * 'other' takes the group's own exact_days.
 */
export const DAY_TYPES = ['odd', 'even', 'weekend', 'every_day', 'other'] as const;
export type DayType = (typeof DAY_TYPES)[number];
export const DAY_TYPE_WEEKDAYS: Record<Exclude<DayType, 'other'>, readonly number[]> = {
  odd: [1, 3, 5],
  even: [2, 4, 6],
  weekend: [6, 7],
  every_day: [1, 2, 3, 4, 5, 6, 7],
};

/** The weekdays a group meets on. */
export const weekdaysOf = (dayType: DayType, exactDays: readonly number[] | null | undefined): number[] =>
  dayType === 'other' ? [...new Set(exactDays ?? [])].sort((a, b) => a - b) : [...DAY_TYPE_WEEKDAYS[dayType]];

/** Spec §2 timetable tabs: 1 mwf, 2 tts, 3 and 5 other, 4 all days. */
export const TIMETABLE_DAY_GROUPS = { mwf: 1, tts: 2, other: 3, all: 4 } as const;

/** Spec §3 Tag "from": what a tag is attached to. */
export const TagType = { student: 1, group: 2, lead: 3, task: 4 } as const;
export type TagTypeId = (typeof TagType)[keyof typeof TagType];

/** Spec §3 User gender: m, f, or not given (null). */
export const GENDERS = ['m', 'f'] as const;
export type Gender = (typeof GENDERS)[number];

/** Spec §9: course tiles use ten fixed colours, chosen by course id. */
export const COURSE_COLORS = [
  '#F5222D',
  '#FA8C16',
  '#FADB14',
  '#52C41A',
  '#13C2C2',
  '#1677FF',
  '#2F54EB',
  '#722ED1',
  '#EB2F96',
  '#8C8C8C',
] as const;
export const courseColor = (courseId: number) => COURSE_COLORS[courseId % COURSE_COLORS.length] as string;

/** Spec §9 group badges: 'new' within 14 days of start, 'N days left' within 10 days of the end. */
export const GROUP_NEW_DAYS = 14;
export const GROUP_ENDING_DAYS = 10;

/** Spec §9 page sizes. */
export const STUDENT_PAGE_SIZE = 50;
/** Spec §5: Excel import of students, up to this many rows. */
export const IMPORT_MAX_ROWS = 10_000;
