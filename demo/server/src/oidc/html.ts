const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

export const LOGIN_CSS_PATH = "/resources/login/login.css";
export const LOGIN_FAVICON_PATH = "/resources/login/favicon.svg";

/** The login pages' icon: a key on the theme's blue. */
export const LOGIN_FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6" fill="#0066cc"/>
<circle cx="11" cy="16" r="5" fill="none" stroke="#fff" stroke-width="3"/>
<path d="M16 16h11M23 16v5M27 16v4" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>
</svg>
`;

/** A page of the login theme: no inline script or style, so a strict CSP holds. */
export function themePage(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/svg+xml" href="${LOGIN_FAVICON_PATH}">
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
