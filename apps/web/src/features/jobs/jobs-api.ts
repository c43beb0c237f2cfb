import { type Job, type JobList, jobsRoutes } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { downloadXlsx } from '../users/users-api';

export const jobsKey = ['jobs'] as const;

/** How often a running job's progress is read: often enough for a bar that moves, rarely enough to cost nothing. */
export const JOB_POLL_MS = 700;

export const isOver = (job: Pick<Job, 'state'> | undefined) => job?.state === 'done' || job?.state === 'failed';

/** GET /jobs/{id}, read again every 700 ms until the job is done or failed. */
export const useJob = (id: string) =>
  useQuery({
    queryKey: [...jobsKey, 'one', id],
    queryFn: () => api(jobsRoutes.getJob, { params: { id } }),
    refetchInterval: (query) => (isOver(query.state.data) ? false : JOB_POLL_MS),
    refetchIntervalInBackground: true,
  });

/** The jobs of a GET /jobs answer (none when the answer is not one). */
export const jobsOf = (list: JobList | undefined): Job[] => (Array.isArray(list?.data) ? list.data : []);

/** GET /jobs: the company's background work, a page at a time; while any of it runs, read again every few seconds. */
export const useJobs = (page: number, failed: boolean) =>
  useQuery({
    queryKey: [...jobsKey, 'list', page, failed],
    queryFn: () => api(jobsRoutes.listJobs, { query: { page, per_page: 10, failed: failed ? '1' : undefined } }),
    placeholderData: keepPreviousData,
    // Read defensively: the list sits on the settings page, which it must never break.
    refetchInterval: (query) => (jobsOf(query.state.data).some((job) => !isOver(job)) ? 3_000 : false),
  });

/** GET /jobs/{id}/file: the kept file, under the name the job gave it. */
export const downloadJobFile = (job: Pick<Job, 'id' | 'file_name'>) =>
  downloadXlsx(`/jobs/${encodeURIComponent(job.id)}/file`, {}, job.file_name ?? 'export.xlsx');
