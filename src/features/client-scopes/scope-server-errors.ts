import type { TFunction } from "i18next";
import type { UseFormSetError } from "react-hook-form";
import { errorMessage, responseStatus } from "../../core/api/api-error.ts";
import { applyServerErrors, translateServerMessage } from "../../core/ui/form/index.ts";
import type { ClientScopeFormValues } from "./client-scope-model.ts";

/**
 * Keycloak answers a scope's bad name with a plain message (409 "Client Scope x already exists",
 * 400 "Unexpected name ..."): shown under the name field, the form kept as typed.
 */
export function scopeErrorField(
  form: { setError: UseFormSetError<ClientScopeFormValues> },
  error: unknown,
  t: TFunction,
): void {
  if (applyServerErrors(form, error, t).length > 0) return;
  const message = errorMessage(error);
  const status = responseStatus(error);
  if (status === 409 || (status === 400 && /name/i.test(message)))
    form.setError(
      "name",
      { type: "server", message: translateServerMessage(message, undefined, t) },
      { shouldFocus: true },
    );
}
