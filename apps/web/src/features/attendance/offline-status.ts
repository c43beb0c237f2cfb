import { ApiError } from '../../shared/api/api-error';

/** The phone's queue of marks made offline (issue 24), under the attendance queries so a mark refreshes it. */
export const offlineMarksKey = ['attendance', 'offline'] as const;

/** A failure that means "no connection" (or a server that did not answer): the mark waits and is tried later. */
export const isConnectionFailure = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);
