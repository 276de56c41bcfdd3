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

export function responseStatus(error: unknown): number | undefined {
  return (error as ResponseError | undefined)?.response?.status;
}

export const isForbidden = (error: unknown) => responseStatus(error) === 403;
