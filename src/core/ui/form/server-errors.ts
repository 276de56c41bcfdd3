import type { TFunction } from "i18next";
import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";

/** One field error as the server sends it (spec §3). */
export interface ServerFieldError {
  field: string;
  errorMessage: string;
  params?: unknown[];
}

function asFieldError(value: unknown): ServerFieldError | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { field, errorMessage, params } = value as Record<string, unknown>;
  if (typeof field !== "string" || typeof errorMessage !== "string") return undefined;
  return { field, errorMessage, params: Array.isArray(params) ? params : undefined };
}

/** The field errors in a failed call: `{field, errorMessage}` or `{errors: [...]}`, from the body or the value itself. */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  const body =
    typeof error === "object" && error !== null && "responseData" in error
      ? (error as { responseData: unknown }).responseData
      : error;
  if (typeof body !== "object" || body === null) return [];
  const list = (body as { errors?: unknown }).errors;
  const candidates = Array.isArray(list) ? list : [body];
  return candidates.map(asFieldError).filter((item): item is ServerFieldError => item !== undefined);
}

const PLACEHOLDER = /^\$\{(.+)\}$/;

/**
 * A server message as text: `${key}` is looked up as a translation key with the params as
 * {{0}}, {{1}}…; anything else is translated if it is a key, else shown as sent.
 */
export function translateServerMessage(message: string, params: unknown[] | undefined, t: TFunction): string {
  const values = Object.fromEntries((params ?? []).map((param, index) => [String(index), String(param)]));
  const key = PLACEHOLDER.exec(message)?.[1] ?? message;
  return t(key, { ...values, defaultValue: key === message ? message : key });
}

/**
 * Puts the server's field errors on the form's fields (type 'server', translated). Returns the
 * errors it placed; callers show an alert for the rest of the failure.
 */
export function applyServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  t: TFunction,
  fieldName: (field: string) => string = (field) => field,
): ServerFieldError[] {
  const errors = serverFieldErrors(error);
  errors.forEach((item, index) => {
    form.setError(
      fieldName(item.field) as FieldPath<T>,
      { type: "server", message: translateServerMessage(item.errorMessage, item.params, t) },
      { shouldFocus: index === 0 },
    );
  });
  return errors;
}
