import type { Job } from '@crm/contracts';
import type { TFunction } from 'i18next';

/** Rows in the interface's own digits ("1,234" in English, "1 234" in Russian). */
export const countText = (value: number, language: string) => new Intl.NumberFormat(language).format(value);

/** What the job is, by its registry name (students.import → jobs.names.students_import); else the name itself. */
export const jobTitle = (t: TFunction, name: string) =>
  t(`jobs.names.${name.replace(/[.-]/g, '_')}`, { defaultValue: name });

/** Why it failed: a spec §8 code in the interface's language, else the server's own words. */
export const failureReason = (t: TFunction, job: Pick<Job, 'error' | 'error_code'>) =>
  job.error_code
    ? t(`errors.${job.error_code}`, { defaultValue: job.error ?? '' })
    : (job.error ?? t('errors.internal'));
