import { randomId } from './ids.js';

/** The error types the real Messages API uses, with their HTTP status. */
export const ERROR_STATUS = {
  invalid_request_error: 400,
  not_found_error: 404,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
} as const;

export type ApiErrorType = keyof typeof ERROR_STATUS;

/** An error response: status, the real API's JSON body and any extra headers. */
export interface ApiErrorResponse {
  status: number;
  body: { type: 'error'; error: { type: ApiErrorType; message: string }; request_id: string };
  headers: Record<string, string>;
}

/** Builds an error in the real API's shape: `{"type":"error","error":{"type","message"}}`. */
export function apiError(type: ApiErrorType, message: string, headers: Record<string, string> = {}): ApiErrorResponse {
  return {
    status: ERROR_STATUS[type],
    body: { type: 'error', error: { type, message }, request_id: randomId('req_') },
    headers,
  };
}
