import type { AttendanceGrid } from '@crm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../shared/api/api-client';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { attendanceKey } from './attendance-api';
import { dropMark, putMark, type QueuedMark, queuedMarks } from './offline-marks';
import { isConnectionFailure, offlineMarksKey } from './offline-status';

/** The browser's word on the connection, kept current by its online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener('online', changed);
      window.addEventListener('offline', changed);
      return () => {
        window.removeEventListener('online', changed);
        window.removeEventListener('offline', changed);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

let sending: Promise<void> | null = null;

/**
 * Sends the waiting marks, oldest first, each with its own key; stops at the first that finds no connection.
 * One send at a time in the page: the 'online' event and a mount may ask together.
 */
export function sendWaitingMarks(t: TFunction): Promise<void> {
  sending ??= (async () => {
    for (const mark of await queuedMarks()) {
      if (mark.state !== 'waiting') continue;
      try {
        await apiRequest('/attendance', {
          method: 'POST',
          body: { student_id: mark.student_id, group_id: mark.group_id, date: mark.date, status: mark.status },
          idempotencyKey: mark.key,
          handleErrors: false,
        });
        await dropMark(mark.key);
      } catch (error) {
        if (isConnectionFailure(error)) break;
        const code = error instanceof ApiError ? error.code : 'internal';
        await putMark({ ...mark, state: 'refused', error_code: code, error_text: errorMessage(t, error) });
      }
    }
  })().finally(() => {
    sending = null;
  });
  return sending;
}

/**
 * The phone's queue as the screens show it: what waits, what the server refused (with why), a way to send now
 * and to put a refusal away once read. It sends by itself when the connection returns.
 */
export function useOfflineMarks() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const online = useOnline();
  const marks = useQuery({ queryKey: offlineMarksKey, queryFn: queuedMarks, networkMode: 'always' });
  const send = useCallback(async () => {
    await sendWaitingMarks(t);
    await queryClient.invalidateQueries({ queryKey: attendanceKey });
  }, [t, queryClient]);
  useEffect(() => {
    // A failure here (storage refused) leaves the marks where they are, to be tried at the next return online.
    if (online) send().catch(() => undefined);
  }, [online, send]);
  const all = marks.data ?? [];
  return {
    online,
    waiting: all.filter((mark) => mark.state === 'waiting'),
    refused: all.filter((mark) => mark.state === 'refused'),
    send,
    dismiss: async (mark: QueuedMark) => {
      await dropMark(mark.key);
      await queryClient.invalidateQueries({ queryKey: offlineMarksKey });
    },
  };
}

/** A grid with the marks still waiting on the phone drawn in, so an offline mark stays on the screen. */
export function withWaitingMarks(grid: AttendanceGrid, waiting: readonly QueuedMark[]): AttendanceGrid {
  const mine = waiting.filter((mark) => mark.group_id === grid.group_id);
  if (!mine.length) return grid;
  return {
    ...grid,
    students: grid.students.map((student) => {
      const marks = mine.filter((mark) => mark.student_id === student.id);
      if (!marks.length) return student;
      return { ...student, marks: { ...student.marks, ...Object.fromEntries(marks.map((m) => [m.date, m.status])) } };
    }),
  };
}
