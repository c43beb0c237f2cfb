import { allowedFileType, type CourseFile, FILE_MAX_BYTES } from '@crm/contracts';
import { buildUrl } from '../../shared/api/api-client';
import { ApiError, apiErrorFrom } from '../../shared/api/api-error';
import { clearAuthorization, getSession } from '../../shared/session/session-store';

/** The refusal the server would give, found before a byte is sent. */
export function uploadProblem(file: { name: string; type: string; size: number }): string | null {
  if (!allowedFileType(file.name, file.type)) return 'file_type_not_allowed';
  if (file.size > FILE_MAX_BYTES) return 'file_too_large';
  return null;
}

const authorization = (): Record<string, string> => {
  const { token } = getSession();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** Spec §8: a 401 ends the session, as apiRequest does for JSON calls. */
function forget401(error: ApiError): ApiError {
  if (error.status === 401) clearAuthorization();
  return error;
}

/**
 * POST /file/?folder_id as multipart, reporting progress (fetch cannot report an upload's progress).
 * Rejects with an ApiError like every other call.
 */
export function uploadCourseFile(
  folderId: number,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<CourseFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/file/', { folder_id: folderId }));
    for (const [name, value] of Object.entries({ Accept: 'application/json', ...authorization() })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = async () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(JSON.parse(xhr.responseText) as CourseFile);
        return;
      }
      reject(forget401(await apiErrorFrom(new Response(xhr.responseText, { status: xhr.status }))));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'Upload cancelled'));
    signal?.addEventListener('abort', () => xhr.abort());
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

/** GET /file/{id} needs the bearer token, so it is fetched and handed to the browser as a download. */
export async function downloadCourseFile(file: Pick<CourseFile, 'id' | 'name'>): Promise<void> {
  let response: Response;
  try {
    response = await fetch(buildUrl(`/file/${file.id}`), { headers: authorization() });
  } catch (cause) {
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) throw forget401(await apiErrorFrom(response));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
