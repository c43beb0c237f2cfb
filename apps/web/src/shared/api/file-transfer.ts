import { clearAuthorization, getSession } from '../session/session-store';
import { buildUrl } from './api-client';
import { ApiError, apiErrorFrom } from './api-error';

type Query = Record<string, string | number | undefined>;

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
 * POST one file as multipart (field "file") with the bearer token, reporting progress: fetch cannot report
 * an upload's progress, XMLHttpRequest can. Resolves with the server's JSON; rejects with an ApiError like
 * every other call.
 */
export function uploadWithProgress<Answer>(
  path: string,
  query: Query,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, query));
    for (const [name, value] of Object.entries({ Accept: 'application/json', ...authorization() })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      // 100 is kept for the server's answer: the last byte sent is not yet a stored file.
      if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = async () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(JSON.parse(xhr.responseText) as Answer);
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

/**
 * GET a file that needs the bearer token, and hand it to the browser as a download. Only for small files:
 * the whole file is held in memory as a blob first.
 */
export async function downloadFile(path: string, name: string, query: Query = {}): Promise<void> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers: authorization() });
  } catch (cause) {
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) throw forget401(await apiErrorFrom(response));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
