import type { UserGroup } from '@crm/contracts';

/**
 * The groups a fee can be paid into: every group the person is a student of, a left one too (a debt may
 * remain in it; the server accepts any place of his), not the groups he teaches.
 */
export const groupsToPayFor = (groups: readonly UserGroup[]): UserGroup[] =>
  groups.filter((group) => group.student_status !== null);
