import { HttpError } from "../../http/errors.ts";

// Schemes that run script in the page instead of navigating (Keycloak refuses `javascript:`; data/vbscript alike).
const SCRIPT_SCHEME = /^\s*(javascript|data|vbscript)\s*:/i;
const CONTROL = /\p{Cc}/u;

const invalidInput = (description: string) =>
  new HttpError(400, { error: "invalid_input", error_description: description });

function problemOf(value: string, allowWildcard: boolean): "illegal scheme" | "invalid" | undefined {
  if (SCRIPT_SCHEME.test(value)) return "illegal scheme";
  if (CONTROL.test(value)) return "invalid";
  const candidate = allowWildcard ? value.replace(/\*/g, "x") : value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(candidate) && !URL.canParse(candidate)) return "invalid";
  return undefined;
}

/**
 * Keycloak's client URL checks (DefaultClientValidationProvider): the root and base URLs and every redirect URI
 * must be URIs without a script scheme; 400 `invalid_input` with the field's message otherwise.
 */
export function checkClientUrls(input: Record<string, unknown>): void {
  for (const [field, label] of [
    ["rootUrl", "Root URL"],
    ["baseUrl", "Base URL"],
    ["adminUrl", "Backchannel logout URL"],
  ] as const) {
    const value = input[field];
    if (typeof value !== "string" || value === "") continue;
    const problem = problemOf(value, false);
    if (problem === "illegal scheme") throw invalidInput(`${label} uses an illegal scheme`);
    if (problem) throw invalidInput(`${label} is not a valid URL`);
  }
  const redirects = Array.isArray(input.redirectUris) ? input.redirectUris : [];
  for (const uri of redirects) {
    if (typeof uri !== "string") continue;
    const problem = problemOf(uri, true);
    if (problem === "illegal scheme") throw invalidInput("A redirect URI uses an illegal scheme");
    if (problem) throw invalidInput("A redirect URI is not a valid URI");
  }
}
