const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

export const LOGIN_CSS_PATH = "/resources/login/login.css";

/** A page of the login theme: no inline script or style, so a strict CSP holds. */
export function themePage(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${LOGIN_CSS_PATH}">
</head>
<body>
<main class="kc-card">
${body}
</main>
</body>
</html>
`;
}

export const HTML_SECURITY_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store, must-revalidate, max-age=0",
  "content-security-policy":
    "frame-src 'self'; frame-ancestors 'self'; object-src 'none'; script-src 'self'; style-src 'self'",
  "x-frame-options": "SAMEORIGIN",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};
