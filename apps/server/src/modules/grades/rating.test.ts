import { AttendanceMark, type Rating, rankStudents, type StudentPlaces, StudentStatus } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { attendances, gradeSettings, grades } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { addStudentToGroupRow } from '../../seed/groups-factories.js';
import { clock, createLessonsWorld, type LessonsWorld } from '../lessons/lessons-test-world.js';

/** Issue 19's rating (spec §2 /rating with the scoring module on) on a known data set. */
const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: LessonsWorld;
let student: string;

/** Grades and marks of the world's group: who scores what is worked out in the first test. */
const DATA: [pupil: 's1' | 's2' | 's3' | 'me', scores: number[], present: boolean[]][] = [
  ['s1', [5, 5], [true, true]],
  ['s2', [4, 4], [true, true]],
  ['s3', [5, 3], [true, false]],
  ['me', [4, 4], [true, true]],
];
const DAYS = ['2026-11-02', '2026-11-04'];

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
  const me = w.company.users.student.id;
  await addStudentToGroupRow(database.db, w.company.id, w.group, me, {
    status: StudentStatus.active,
    createdDate: '2026-11-02',
  });
  student = await loginAs(app, w.sub, w.company.users.student.phone);
  const idOf = (pupil: string) => (pupil === 'me' ? me : w.pupils[pupil as 's1']);
  await inCompany(database.db, w.company.id, async (tx) => {
    for (const [pupil, scores, present] of DATA) {
      const base = { companyId: w.company.id, groupId: w.group, studentId: idOf(pupil) };
      await tx.insert(grades).values(scores.map((score, k) => ({ ...base, lessonDate: DAYS[k]!, score })));
      await tx.insert(attendances).values(
        present.map((here, k) => ({
          ...base,
          attendDate: DAYS[k]!,
          status: here ? AttendanceMark.present : AttendanceMark.absent,
        })),
      );
    }
  });
  await w.setDatas({ scoring_module_is_enabled: '1' });
});

const ratingOf = async (query: string, token = w.tokens.admin) => {
  const res = await w.api(token, 'GET', `/rating?${query}`);
  expect(res.status).toBe(200);
  return res.body as Rating;
};

describe('the rating', () => {
  it('ranks by 70 % grades and 30 % attendance, equal scores sharing a place, those without data left out', async () => {
    const group = await ratingOf(`scope=group&id=${w.group}`);
    // s1: 70 × 5/5 + 30 × 1 = 100; s2 and the student: 70 × 4/5 + 30 = 86; s3: 70 × 4/5 + 30 × ½ = 71.
    expect(group.data.map((row) => [row.place, row.student_id, row.score])).toEqual([
      [1, w.pupils.s1, 100],
      [2, expect.any(Number), 86],
      [2, expect.any(Number), 86],
      [4, w.pupils.s3, 71],
    ]);
    expect(group.data[3]).toMatchObject({ average_grade: 4, attendance_percent: 50, grades: 2 });
    expect(group.pagination.total).toBe(4);
    const centre = await ratingOf('scope=centre&per_page=2&page=2');
    expect(centre.data.map((row) => row.place)).toEqual([2, 4]);
    expect((await ratingOf(`scope=course&id=${w.english}`)).data).toHaveLength(4);
    expect((await ratingOf(`scope=branch&id=${w.main}&month=2026-12`)).data).toEqual([]);
  });

  it('follows the company’s weights', async () => {
    await inCompany(database.db, w.company.id, (tx) =>
      tx.insert(gradeSettings).values({
        companyId: w.company.id,
        maxScore: 5,
        aggregateByMonth: true,
        calculateAverage: true,
        allowPastDates: false,
        allowNonTeachers: false,
        ratingInProfile: 'centre',
        ratingAttendanceWeight: 0,
      }),
    );
    const group = await ratingOf(`scope=group&id=${w.group}`);
    expect(group.data.find((row) => row.student_id === w.pupils.s3)?.score).toBe(80);
  });

  it('shows a student his own places, and refuses teachers, other branches and a company without scoring', async () => {
    const res = await w.api(student, 'GET', `/user/${w.company.users.student.id}/rating`);
    expect(res.status).toBe(200);
    expect((res.body as StudentPlaces).places.map((p) => [p.scope, p.place, p.of])).toEqual([
      ['group', 2, 4],
      ['centre', 2, 4],
    ]);
    expect((await w.api(student, 'GET', `/user/${w.pupils.s1}/rating`)).status).toBe(404);
    expect((await w.api(student, 'GET', '/rating')).status).toBe(403);
    expect((await w.api(w.tokens.teacher, 'GET', '/rating')).status).toBe(403);
    expect((await w.api(w.tokens.admin, 'GET', '/rating?scope=branch&id=999999')).status).toBe(403);
    await w.setDatas({ scoring_module_is_enabled: '0' });
    const off = await w.api(w.tokens.admin, 'GET', '/rating');
    expect(off.body.error.code).toBe('rating_needs_scoring');
    await w.setDatas({ scoring_module_is_enabled: '1' });
  });
});

describe('rankStudents', () => {
  it('skips places after a tie and lists equal scores by name', () => {
    const input = (id: number, name: string, sum: number) => ({
      student_id: id,
      student_name: name,
      grade_sum: sum,
      grade_count: 1,
      present: 0,
      marked: 0,
    });
    const rows = rankStudents([input(1, 'Zafar', 5), input(2, 'Aziz', 5), input(3, 'Bek', 4), input(4, 'X', 0)], 5, 30);
    expect(rows.map((r) => [r.place, r.student_name])).toEqual([
      [1, 'Aziz'],
      [1, 'Zafar'],
      [3, 'Bek'],
      [4, 'X'],
    ]);
  });
});
