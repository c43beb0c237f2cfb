/** The addresses of the group's lesson pages (spec §2), written in one place. */

/** groups/{courseId}/{groupId}/lessons: the group's lessons. */
export const groupLessonsPath = (courseId: number, groupId: number) => `/groups/${courseId}/${groupId}/lessons`;

/** groups/{id}/lessons-v2/{courseId}/{lessonId}: one lesson as the group has it. */
export const groupLessonPath = (groupId: number, courseId: number, lessonId: number) =>
  `/groups/${groupId}/lessons-v2/${courseId}/${lessonId}`;
