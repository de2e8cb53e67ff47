import { randomId } from './ids.js';

/** The error types the real Messages API uses, with their HTTP status (platform docs, api/errors). */
export const ERROR_STATUS = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  conflict_error: 409,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
} as const;

export type ApiErrorType = keyof typeof ERROR_STATUS;

/** The error type the real API answers with for each status. */
export const STATUS_TYPE: Record<number, ApiErrorType> = Object.fromEntries(
  Object.entries(ERROR_STATUS).map(([type, status]) => [status, type as ApiErrorType]),
);

/** An error response: status, the real API's JSON body and any extra headers. */
export interface ApiErrorResponse {
  status: number;
  body: {
    type: 'error';
    error: { type: ApiErrorType; message: string; details?: { error_code: string } };
    request_id: string;
  };
  headers: Record<string, string>;
}

/** Builds an error in the real API's shape: `{"type":"error","error":{"type","message"},"request_id"}`. */
export function apiError(
  type: ApiErrorType,
  message: string,
  headers: Record<string, string> = {},
  status: number = ERROR_STATUS[type],
  errorCode?: string,
): ApiErrorResponse {
  const error = errorCode === undefined ? { type, message } : { type, message, details: { error_code: errorCode } };
  return { status, body: { type: 'error', error, request_id: randomId('req_') }, headers };
}

/** A 400 `invalid_request_error`: the shape of every request-validation failure. */
export function invalid(message: string): ApiErrorResponse {
  return apiError('invalid_request_error', message);
}

/** A 400 `invalid_request_error` that names its cause in `error.details.error_code`. */
export function invalidWithCode(message: string, errorCode: string): ApiErrorResponse {
  return apiError('invalid_request_error', message, {}, 400, errorCode);
}
