import { ERROR_MESSAGES, type ErrorCode, type FieldRule } from '@crm/contracts';

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

/** A field problem without its words: the error handler words it in the caller's language (field-messages). */
export interface FieldProblem {
  field: string;
  rule: string;
  sentence?: FieldRule;
  limit?: number;
}

/** 400 validation_failed for fields a service refuses after the schema passed them (a common password…). */
export class FieldRefusal extends Error {
  constructor(readonly problems: FieldProblem[]) {
    super(problems.map((p) => `${p.field}: ${p.rule}`).join('; '));
  }
}
