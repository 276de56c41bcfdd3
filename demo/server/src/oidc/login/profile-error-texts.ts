/** Keycloak's login theme texts for its validators' error keys ({n} stands for the n-th parameter). */
const LOGIN_TEXTS: Record<string, string> = {
  "error-invalid-length": "Length must be between {1} and {2}.",
  "error-invalid-length-too-short": "Minimal length is {1}.",
  "error-invalid-length-too-long": "Maximal length is {2}.",
  "error-invalid-email": "Invalid email address.",
  "error-pattern-no-match": "Invalid value.",
  "error-invalid-option": "Invalid value.",
  "error-invalid-value": "Invalid value.",
  "error-person-name-invalid-character": "Value contains invalid character.",
  "error-username-invalid-character": "Value contains invalid character.",
  "error-invalid-number": "Invalid number.",
};

/** A validator's error as the login page shows it: a configured custom message as it is, else the key's text. */
export function loginErrorText(error: { errorMessage: string; params: unknown[] }): string {
  const key = /^\$\{(.+)\}$/.exec(error.errorMessage)?.[1] ?? error.errorMessage;
  const text = LOGIN_TEXTS[key] ?? key;
  return text.replace(/\{(\d+)\}/g, (_, index: string) => String(error.params[Number(index)] ?? ""));
}
