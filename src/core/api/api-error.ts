/** An admin call's failure with the status and body kept, as the admin client does. */
export interface ResponseError {
  response?: { status: number };
  responseData?: unknown;
}

function bodyText(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ["errorMessage", "error"]) if (typeof record[key] === "string") return record[key] as string;
  return undefined;
}

/** Error text: a string, else the body's errorMessage or error, else an Error's message. */
export function errorMessage(error: unknown): string {
  if (typeof error === "string") return error;
  const fromBody = bodyText((error as ResponseError | undefined)?.responseData);
  if (fromBody) return fromBody;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The error_description of a failed call's body, used as an alert's description. */
export function errorDescription(error: unknown): string | undefined {
  const body = (error as ResponseError | undefined)?.responseData;
  if (typeof body === "object" && body !== null) {
    const description = (body as Record<string, unknown>).error_description;
    if (typeof description === "string") return description;
  }
  return undefined;
}

/**
 * An error's text (an alert's title) and description. Keycloak answers some refusals with a message key as `error`
 * and the sentence as `error_description` (e.g. invalidPasswordMinLengthMessage / "Invalid password: minimum
 * length 12."): the sentence then is the text, not the key.
 */
export function errorTexts(error: unknown): { text: string; description?: string } {
  const text = errorMessage(error);
  const description = errorDescription(error);
  if (description && /^[A-Za-z][\w.-]*$/.test(text)) return { text: description };
  return { text, description };
}

export function responseStatus(error: unknown): number | undefined {
  return (error as ResponseError | undefined)?.response?.status;
}

export const isForbidden = (error: unknown) => responseStatus(error) === 403;
