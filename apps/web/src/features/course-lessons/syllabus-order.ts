import { type CourseLessonSummary, moduleOf, type Syllabus } from '@crm/contracts';

/**
 * The syllabus in a new order as the server will answer it: numbers follow the places, and modules follow
 * the numbers (modules are not stored, contracts' course-lessons.ts), so a moved lesson changes module.
 */
export function reorderedSyllabus(syllabus: Syllabus, ids: readonly number[]): Syllabus {
  const byId = new Map(syllabus.lessons.map((lesson) => [lesson.id, lesson]));
  const lessons = ids.flatMap((id, index) => {
    const lesson = byId.get(id);
    const number = index + 1;
    return lesson ? [{ ...lesson, number, module: moduleOf(number, syllabus.course.lessons_per_module) }] : [];
  });
  return { ...syllabus, lessons };
}

export interface ModuleSection {
  /** null: the course sets no lessons per module, so the lessons stand under no heading. */
  module: number | null;
  lessons: CourseLessonSummary[];
}

/** Consecutive lessons of one module under one heading. */
export function moduleSections(lessons: readonly CourseLessonSummary[]): ModuleSection[] {
  const sections: ModuleSection[] = [];
  for (const lesson of lessons) {
    const last = sections.at(-1);
    if (last && last.module === lesson.module) last.lessons.push(lesson);
    else sections.push({ module: lesson.module, lessons: [lesson] });
  }
  return sections;
}
