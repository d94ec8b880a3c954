/** An API failure: the server's catalogue code (ERR_…) when it sent one, the HTTP status, and its raw message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly field?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function toApiError(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try { body = await res.json(); } catch { /* not JSON */ }
  const code = typeof body.error === 'string' ? body.error : undefined;
  const message = typeof body.message === 'string' ? body.message : res.statusText || `HTTP ${res.status}`;
  return new ApiError(res.status, code, message, typeof body.field === 'string' ? body.field : undefined, body);
}
