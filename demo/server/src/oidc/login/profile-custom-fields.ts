import { isRootAttribute, readUpConfig, type UpAttribute } from "../../admin/users/profile-config.ts";
import { attributeErrors } from "../../admin/users/profile-validation.ts";
import { escapeHtml } from "../html.ts";
import { loginErrorText } from "./profile-error-texts.ts";
import type { Form, LoginContext } from "./login-context.ts";

/** The realm's own user-profile attributes that users edit themselves (those tied to a scope left out). */
export function customProfileFields(ctx: LoginContext): UpAttribute[] {
  return readUpConfig(ctx.server, ctx.realm).attributes.filter(
    (attribute) =>
      !isRootAttribute(attribute.name) &&
      (attribute.permissions?.edit ?? []).includes("user") &&
      !(attribute.selector?.scopes ?? []).length,
  );
}

const requiredForUser = (attribute: UpAttribute) =>
  !!attribute.required &&
  !(attribute.required.scopes ?? []).length &&
  (!(attribute.required.roles ?? []).length || (attribute.required.roles ?? []).includes("user"));

/** A display name that is a message key (`${...}`) has no login-theme text here: the attribute's name stands in. */
const labelOf = (attribute: UpAttribute) =>
  attribute.displayName && !/^\$\{.*\}$/.test(attribute.displayName) ? attribute.displayName : attribute.name;

/** The labelled inputs of these attributes (input names are the attribute names, as Keycloak's forms post them). */
export function customProfileInputs(
  attributes: UpAttribute[],
  values: Record<string, string>,
  errors: Record<string, string>,
): string {
  return attributes
    .map((attribute, index) => {
      const id = `kc-attribute-${index}`;
      const required = requiredForUser(attribute);
      const error = errors[attribute.name];
      const described = error ? ` aria-invalid="true" aria-describedby="input-error-${id}"` : "";
      return `<label for="${id}">${escapeHtml(labelOf(attribute))}${required ? ` <span class="kc-required" aria-hidden="true">*</span>` : ""}</label>
<input type="text" id="${id}" name="${escapeHtml(attribute.name)}" value="${escapeHtml(values[attribute.name] ?? "")}"${
        required ? " required" : ""
      }${described}>${error ? `\n<span id="input-error-${id}" class="kc-error" aria-live="polite">${escapeHtml(error)}</span>` : ""}`;
    })
    .join("\n");
}

/** The posted values of these attributes and the validators' messages for the refused ones. */
export function validateCustomProfile(attributes: UpAttribute[], form: Form) {
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const attribute of attributes) {
    const value = (form[attribute.name] ?? "").trim();
    values[attribute.name] = value;
    if (!value) {
      if (requiredForUser(attribute)) errors[attribute.name] = "Please specify this field.";
      continue;
    }
    const invalid = attributeErrors(attribute, [value])[0];
    if (invalid) errors[attribute.name] = loginErrorText(invalid);
  }
  return { values, errors };
}
