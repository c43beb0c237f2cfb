/** The addresses of the exams' pages (spec §2), written in one place. */

/** groups/{id}/exam/{examId}: an exam of the group (results, or the student's attempt). */
export const examPath = (groupId: number, examId: number) => `/groups/${groupId}/exam/${examId}`;

/** The group's page: an exam answer names its group but not its course, which the group's lessons page needs. */
export const groupPath = (groupId: number) => `/groups/${groupId}`;
