import { allowedFileType, type CourseFile, FILE_MAX_BYTES } from '@crm/contracts';
import { downloadFile, uploadWithProgress } from '../../shared/api/file-transfer';

/** The refusal the server would give, found before a byte is sent. */
export function uploadProblem(file: { name: string; type: string; size: number }): string | null {
  if (!allowedFileType(file.name, file.type)) return 'file_type_not_allowed';
  if (file.size > FILE_MAX_BYTES) return 'file_too_large';
  return null;
}

/** POST /file/?folder_id as multipart, reporting progress. Rejects with an ApiError like every other call. */
export const uploadCourseFile = (
  folderId: number,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<CourseFile> => uploadWithProgress<CourseFile>('/file/', { folder_id: folderId }, file, onProgress, signal);

/** GET /file/{id} needs the bearer token, so it is fetched and handed to the browser as a download. */
export const downloadCourseFile = (file: Pick<CourseFile, 'id' | 'name'>): Promise<void> =>
  downloadFile(`/file/${file.id}`, file.name);
