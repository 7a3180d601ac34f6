// The service's error type: every failure a route wants to report becomes an HttpError, and the app's
// error handler shapes it as `{ message, errors? }`.

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
export const conflict = (message: string) => new HttpError(409, message);
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const paymentRequired = (message: string) => new HttpError(402, message);
/** Every request to a company whose subscription expired, signed file links included. */
export const subscriptionExpired = () => paymentRequired('The subscription of this company has expired.');

/** A 422 whose message is the first field message, as the hosted service answers. */
export function validationError(errors: FieldErrors): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new HttpError(422, first, errors);
}

export function fieldError(field: string, message: string): HttpError {
  return validationError({ [field]: [message] });
}
