import type KeycloakAdminClient from "@keycloak/keycloak-admin-client";

/** Thrown by adminFetch for a non-OK answer; same shape as the admin client's errors. */
export class AdminFetchError extends Error {
  constructor(
    message: string,
    readonly response: Response,
    readonly responseData: unknown,
  ) {
    super(message);
  }
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return "";
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(body: unknown): string {
  if (typeof body !== "object" || body === null) return "Unable to determine error message.";
  const record = body as Record<string, unknown>;
  for (const key of ["error", "errorMessage"]) if (typeof record[key] === "string") return record[key] as string;
  return "Network response was not OK.";
}

/** A call the admin client has no method for (ui-ext endpoints), with the runtime's bearer token. */
export async function adminFetch<T>(
  client: KeycloakAdminClient,
  path: string,
  query: Record<string, string | number | undefined> = {},
  init: RequestInit = {},
): Promise<T> {
  const url = new URL(`${client.baseUrl.replace(/\/$/, "")}${path}`);
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") url.searchParams.set(key, String(value));
  const token = await client.getAccessToken();
  const headers = new Headers(init.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  const response = await fetch(url, { ...init, headers });
  const body = await parseBody(response);
  if (!response.ok) throw new AdminFetchError(messageOf(body), response, body);
  return body as T;
}
