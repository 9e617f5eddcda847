/**
 * network: unreachable; timeout / aborted: gave up; http: a non-2xx answer; rate_limited: still rate-limited or
 * overloaded (429, 503, 529) after the retries the time allowed; bad_response: not shaped like the provider's reply;
 * invalid_json: the model's text is not JSON; truncated: the answer was cut at the token limit; refused: the model
 * declined to answer.
 */
export type LlmErrorCode =
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'http'
  | 'rate_limited'
  | 'bad_response'
  | 'invalid_json'
  | 'truncated'
  | 'refused';

/** Why a language-model call failed; the message is safe to log or show (never the API key). */
export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
