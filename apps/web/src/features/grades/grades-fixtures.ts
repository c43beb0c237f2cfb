import { DEFAULT_GRADE_SETTINGS, type GradeOverview, type GradeSettings } from '@crm/contracts';

/** Answers of the grades API as the server gives them, for the web tests; overrides replace fields. */

/** GET /grade-settings: the defaults, no grades given yet, editable by the reader. */
export const aGradeSettings = (overrides: Partial<GradeSettings> = {}): GradeSettings => ({
  ...DEFAULT_GRADE_SETTINGS,
  grade_count: 0,
  policies: { edit: true },
  ...overrides,
});

/** GET /grades/overview without any group's grades. */
export const anEmptyOverview = (overrides: Partial<GradeOverview> = {}): GradeOverview => ({
  months: ['2025-01', '2025-02', '2025-03'],
  max_score: 5,
  calculate_average: true,
  groups: [],
  ...overrides,
});
