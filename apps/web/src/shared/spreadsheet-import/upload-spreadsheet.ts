import { buildUrl } from '../api/api-client';
import { ApiError, apiErrorFrom } from '../api/api-error';
import { clearAuthorization, getSession } from '../session/session-store';

/**
 * POST a spreadsheet as multipart (field "file") with the bearer token, and answer the server's JSON.
 * apiRequest sends JSON only; this is its twin for the imports (students, leads).
 */
export async function uploadSpreadsheet<Result>(
  path: string,
  file: File,
  query: Record<string, string | number>,
): Promise<Result> {
  const body = new FormData();
  body.append('file', file, file.name);
  const { token } = getSession();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method: 'POST',
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body,
    });
  } catch (cause) {
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  }
  if (response.ok) return (await response.json()) as Result;
  const error = await apiErrorFrom(response);
  // Spec §8: a 401 ends the session, as apiRequest does for JSON calls.
  if (error.status === 401) clearAuthorization();
  throw error;
}
