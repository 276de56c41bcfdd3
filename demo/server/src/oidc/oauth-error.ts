import { HttpError } from "../http/errors.ts";

/** An OAuth 2.0 error answer: `{error, error_description}`. */
export const oauthError = (status: number, error: string, description: string) =>
  new HttpError(status, { error, error_description: description });
