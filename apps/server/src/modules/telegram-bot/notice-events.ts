import { AttendanceMark } from '@crm/contracts';
import type { FastifyRequest } from 'fastify';
import { JOBS } from '../../platform/jobs/registry.js';
import type { TelegramNotice } from './notices.js';

/** By default an absence or a grade is told two minutes after it is written: a mark corrected at once is not. */
const NOTICE_DELAY_SECONDS = 120;

/**
 * What other modules tell the bot after their change committed (issue 24). Nothing is queued without a bot; a
 * queue that is not running lets the notice go (they are courtesies, not money). Nothing here fails the request.
 */
async function queueNotice(req: FastifyRequest, notice: TelegramNotice, delayed: boolean) {
  const { telegram } = req.server.messaging;
  if (!telegram.botToken) return;
  const delay = delayed ? (telegram.noticeDelaySeconds ?? NOTICE_DELAY_SECONDS) : 0;
  await req.server.jobs.trySend(JOBS.telegramNotice, notice, delay ? { startAfterSeconds: delay } : {});
}

/** A mark, or a whole lesson marked: an absence is told to the student's linked parents (and himself). */
export async function attendanceMarked(req: FastifyRequest, mark: { group_id: number; date: string; status: number }) {
  const companyId = req.claims?.companyId;
  if (!companyId || mark.status !== AttendanceMark.absent) return;
  await queueNotice(req, { kind: 'absence', companyId, groupId: mark.group_id, date: mark.date }, true);
}

export async function gradeGiven(
  req: FastifyRequest,
  grade: { group_id: number; student_id: number; date: string; score: number | null },
) {
  const companyId = req.claims?.companyId;
  if (!companyId || grade.score === null) return;
  await queueNotice(
    req,
    { kind: 'grade', companyId, groupId: grade.group_id, studentId: grade.student_id, date: grade.date },
    true,
  );
}

export async function newsPublished(req: FastifyRequest, post: { id: number }) {
  const companyId = req.claims?.companyId;
  if (!companyId) return;
  await queueNotice(req, { kind: 'news', companyId, postId: post.id }, false);
}
