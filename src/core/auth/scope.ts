/** The scope to request: the configured one, always including `openid`. */
export function withOpenIdScope(scope: string | undefined): string {
  const parts = (scope ?? "").split(/\s+/).filter(Boolean);
  return parts.includes("openid") ? parts.join(" ") : ["openid", ...parts].join(" ");
}
