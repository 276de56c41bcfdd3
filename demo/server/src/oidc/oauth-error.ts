import { HttpError } from "../http/errors.ts";

/** An OAuth 2.0 error answer: `{error, error_description}`. */
export const oauthError = (status: number, error: string, description: string) =>
  new HttpError(status, { error, error_description: description });

export const invalidClient = () => oauthError(401, "invalid_client", "Invalid client or Invalid client credentials");
