/** An error that becomes an HTTP answer with Keycloak's body shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.errorMessage ?? body.error ?? status));
  }
}

export const badRequest = (errorMessage: string, field?: string) =>
  new HttpError(400, field ? { field, errorMessage } : { errorMessage });
/** 400 with a list of field errors, as the user-profile validation answers. */
export const fieldErrors = (errors: { field: string; errorMessage: string; params?: unknown[] }[]) =>
  errors.length === 1 ? new HttpError(400, { ...errors[0] }) : new HttpError(400, { errors });
export const unauthorized = () => new HttpError(401, { error: "HTTP 401 Unauthorized" });
export const forbidden = () => new HttpError(403, { error: "HTTP 403 Forbidden" });
export const notFound = (errorMessage = "HTTP 404 Not Found") => new HttpError(404, { error: errorMessage });
export const conflict = (errorMessage: string) => new HttpError(409, { errorMessage });
/** Keycloak's answer to a JAX-RS WebApplicationException with a message (e.g. BadRequestException("Empty password")). */
export const webError = (status: number, message: string) =>
  new HttpError(status, { error: message, errorMessage: message });
/** Keycloak's answer to an unexpected exception. */
export const unknownError = () =>
  new HttpError(500, { error: "unknown_error", error_description: "For more on this error consult the server log." });
