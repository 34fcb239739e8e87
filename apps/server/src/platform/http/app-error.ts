import { ERRORS, type ErrorName, type FieldError } from '@tandem/contract/errors';

/** The one error the code throws on purpose; the error handler turns it into `{code, msg, data}`. */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly messageKey: string;

  constructor(
    readonly errorName: ErrorName,
    readonly options: {
      fields?: FieldError[];
      data?: unknown;
      values?: Record<string, string | number>;
    } = {},
  ) {
    const entry = ERRORS[errorName];
    super(errorName);
    this.code = entry.code;
    this.status = entry.status;
    this.messageKey = `error.${entry.key}`;
  }
}
