import { gradeRoutes, type RatingQuery } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { gradesKey } from '../grades/grades-api';

/**
 * Under the grades' key: a grade given or the grade settings saved (new weights, a new max score) read the
 * ratings again with everything else the grades touch.
 */
const ratingKey = [...gradesKey, 'rating'] as const;

/** GET /rating; the last page stays on screen while the next scope, month or page loads. */
export const useRating = (query: RatingQuery, enabled = true) =>
  useQuery({
    queryKey: [...ratingKey, query],
    queryFn: () => api(gradeRoutes.rating, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });

/**
 * GET /user/{id}/rating. Its errors are the caller's own (handleErrors false): a company without the scoring
 * module answers 403 rating_needs_scoring, and the profile then simply shows no places.
 */
export const useStudentPlaces = (studentId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...ratingKey, 'student', studentId],
    queryFn: () => api(gradeRoutes.studentPlaces, { params: { id: studentId }, query: {}, handleErrors: false }),
    enabled,
    retry: false,
  });
