import {
  type CourseFile,
  courseLessonFilePaths,
  type HomeworkAnswer,
  VIDEO_FILE_TYPES,
  VIDEO_MAX_BYTES,
} from '@crm/contracts';
import { buildUrl } from '../../shared/api/api-client';
import { uploadWithProgress } from '../../shared/api/file-transfer';

/**
 * The lesson routes that are not JSON calls: uploading a video or a homework file (multipart, with progress,
 * contracts' courseLessonFilePaths), and the addresses that serve a lesson's bytes.
 */

/** The refusal the server would give a video, found before a byte of it is sent. */
export function videoProblem(file: { name: string; type: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const types = VIDEO_FILE_TYPES[extension];
  // A browser may know no type for .m4v (empty), or call it octet-stream: the extension decides, as on the server.
  const declared = file.type === '' || file.type === 'application/octet-stream' ? null : file.type;
  if (!types || (declared !== null && !types.includes(declared))) return 'not_a_video_file';
  if (file.size > VIDEO_MAX_BYTES) return 'file_too_large';
  return null;
}

export const VIDEO_ACCEPT = Object.keys(VIDEO_FILE_TYPES)
  .map((extension) => `.${extension}`)
  .join(',');

/** POST /course/{id}/video: the video is filed in the course's Videos folder and answered as a course file. */
export const uploadLessonVideo = (courseId: number, file: File, onProgress: (percent: number) => void) =>
  uploadWithProgress<CourseFile>(courseLessonFilePaths.uploadVideo(courseId), {}, file, onProgress);

/** POST …/answer/file: the student's homework file (it replaces an earlier one until the answer is reviewed). */
export const uploadAnswerFile = (
  groupId: number,
  lessonId: number,
  file: File,
  onProgress: (percent: number) => void,
) => uploadWithProgress<HomeworkAnswer>(courseLessonFilePaths.answerFile(groupId, lessonId), {}, file, onProgress);

/**
 * The address of a file a lesson or an answer comes with. A <video> or an <a download> cannot send the
 * bearer token, so the server gives each file a short-lived signed link (GET /media/{token}, a path under the
 * API) that is its own proof: a video streams from it by ranges and a file downloads from it directly.
 */
export const mediaUrl = (signedPath: string): string => buildUrl(signedPath);
