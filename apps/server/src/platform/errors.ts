import { ERROR_MESSAGES, type ErrorCode } from '@crm/contracts';

/** A refusal the client is meant to read: a status, a stable code of spec §8, and optional details. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly details?: unknown,
    message?: string,
  ) {
    super(message ?? ERROR_MESSAGES[code]);
  }
}

export const unauthorized = (code: ErrorCode = 'unauthorized') => new AppError(401, code);
export const forbidden = (code: ErrorCode = 'forbidden') => new AppError(403, code);
export const notFound = () => new AppError(404, 'not_found');
