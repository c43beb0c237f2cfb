import { TagType } from '@crm/contracts';
import {
  createArchiveReason,
  createCourse,
  createCourseFileRow,
  createCourseFolder,
  createHoliday,
  createTag,
} from '../../src/seed/courses-factories.js';
import type { ForeignRows } from '../helpers.js';

/** Rows of the other company for the courses, folders, files, holidays, tags and archive reasons routes. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const course = await createCourse(db, foreign.id, { name: 'Foreign course', code: 'FOR', price: 100 });
  const folder = await createCourseFolder(db, foreign.id, course, 'Foreign folder');
  const file = await createCourseFileRow(db, foreign.id, folder, 'foreign.pdf');
  const holiday = await createHoliday(db, foreign.id, 'Foreign day', '2026-03-21');
  const tag = await createTag(db, foreign.id, 'Foreign tag', TagType.student);
  const reason = await createArchiveReason(db, foreign.id, 'Foreign reason');
  return {
    '/api/v1/course/:id': {
      params: { id: course },
      bodies: { PUT: { name: 'Hijacked', code: 'HJ', price: 0, lesson_duration: 60 } },
    },
    '/api/v1/folder/:id': { params: { id: folder }, bodies: { PUT: { name: 'Hijacked' } } },
    '/api/v1/file/:id': { params: { id: file } },
    '/api/v1/holiday/:id': { params: { id: holiday }, bodies: { PUT: { name: 'Hijacked', date: '2026-12-31' } } },
    '/api/v1/tags/:id': { params: { id: tag }, bodies: { PUT: { name: 'Hijacked' } } },
    '/api/v1/archive_reasons/:id': { params: { id: reason }, bodies: { PUT: { name: 'Hijacked', active: true } } },
  };
};
