import type { TFunction } from "i18next";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { applyServerErrors } from "../form/server-errors.ts";
import { fieldName } from "./field-names.ts";
import "./profile-validation-messages.ts";

/** The form field a server error about an attribute belongs to (the server names attributes, dots and all). */
export const userProfileErrorField = (attribute: string) => fieldName(attribute);

/** Puts the server's attribute errors of a failed user save on the profile fields. */
export const applyUserProfileErrors = <T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  t: TFunction,
) => applyServerErrors(form, error, t, userProfileErrorField);
