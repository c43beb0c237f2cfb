import type { ErrorBody, FieldError } from '@crm/contracts';

/** An answer of the API that is not 2xx, or no answer at all (status 0, code 'network'). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The per-field problems of a 400 validation_failed answer. */
  get fieldErrors(): FieldError[] {
    if (this.code !== 'validation_failed' || !Array.isArray(this.details)) return [];
    return this.details.filter(isFieldError);
  }
}

// Checked by hand rather than with the contracts' zod schemas: zod would weigh more than the log-in page itself.
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isFieldError = (value: unknown): value is FieldError =>
  isRecord(value) && typeof value.field === 'string' && typeof value.rule === 'string';

const isErrorBody = (value: unknown): value is ErrorBody =>
  isRecord(value) && isRecord(value.error) && typeof value.error.code === 'string';

export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (!isErrorBody(body)) return new ApiError(response.status, 'internal', response.statusText);
  const { code, message, details } = body.error;
  return new ApiError(response.status, code, typeof message === 'string' ? message : '', details);
}
