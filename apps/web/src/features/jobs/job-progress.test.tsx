import type { Job } from '@crm/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { JobProgress } from './job-progress';

const JOB_ID = '8d9a0a51-1c0e-5b7a-9f51-2f0c6f0d1e11';

const aJob = (overrides: Partial<Job>): Job => ({
  id: JOB_ID,
  name: 'users.export',
  state: 'running',
  done: 0,
  total: null,
  percent: 0,
  error: null,
  error_code: null,
  result: null,
  file_name: null,
  attempts: 1,
  created_at: '2025-03-15T09:00:00.000Z',
  updated_at: '2025-03-15T09:00:01.000Z',
  created_by: { id: 7, name: 'Aziza Karimova' },
  policies: { download: false },
  ...overrides,
});

/** What GET /jobs/{id} answers, one answer per poll (the last one again once they run out). */
let answers: Job[] = [];
beforeEach(() => {
  answers = [];
});
const calls = stubApi(() => json(200, answers.length > 1 ? answers.shift() : answers[0]));

const bar = () => screen.getByRole('progressbar', { name: 'Progress' });

describe('JobProgress', () => {
  it('shows the percent and the rows as the job moves, then its file to download', async () => {
    answers = [
      aJob({ done: 1_234, total: 2_000, percent: 61 }),
      aJob({
        state: 'done',
        done: 2_000,
        total: 2_000,
        percent: 100,
        result: { rows: 2_000 },
        file_name: 'students.xlsx',
        policies: { download: true },
      }),
    ];
    const onEnd = vi.fn();
    renderPage(<JobProgress jobId={JOB_ID} onEnd={onEnd} />);
    expect(await screen.findByText('1,234 / 2,000 rows')).toBeTruthy();
    expect(bar().getAttribute('aria-valuenow')).toBe('61');
    expect(screen.getByText('61%')).toBeTruthy();

    expect(await screen.findByText('2,000 / 2,000 rows')).toBeTruthy();
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('100%')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download students.xlsx/ })).toBeTruthy();
    await waitFor(() => expect(onEnd).toHaveBeenCalledTimes(1));
    expect(onEnd.mock.calls[0]?.[0]).toMatchObject({ state: 'done' });
    expect(calls.every((c) => c.url === `/api/v1/jobs/${JOB_ID}`)).toBe(true);
    // Polling stops once the job is over.
    const polls = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(calls.length).toBe(polls);
  });

  it('says what the job does before it knows how many rows, and why it failed', async () => {
    answers = [
      aJob({ state: 'queued' }),
      aJob({ state: 'running' }),
      aJob({ state: 'failed', error: 'import_too_many_rows', error_code: 'import_too_many_rows' }),
    ];
    renderPage(<JobProgress jobId={JOB_ID} />);
    expect(await screen.findByText('Waiting to start…')).toBeTruthy();
    expect(await screen.findByText('Reading the file…')).toBeTruthy();
    expect(await screen.findByText('The file has too many rows.')).toBeTruthy();
    expect(screen.getByText('It failed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it('shows a dead letter’s own words when they are no error code', async () => {
    answers = [aJob({ state: 'failed', error: 'connection terminated', attempts: 3 })];
    renderPage(<JobProgress jobId={JOB_ID} />);
    expect(await screen.findByText('connection terminated')).toBeTruthy();
  });
});
