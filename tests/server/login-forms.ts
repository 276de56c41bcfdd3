import type { CookieJar } from "./oidc-flow.ts";

/** The action URL of the form with `formId` in a login page. */
export function actionOf(html: string, formId: string, baseUrl: string): string {
  const match = new RegExp(`<form id="${formId}"[^>]*action="([^"]+)"`).exec(html);
  if (!match) throw new Error(`no form #${formId} in:\n${html}`);
  return new URL(match[1]!.replace(/&amp;/g, "&"), baseUrl).toString();
}

/** Posts a login page's form as the browser does (urlencoded, cookies), without following redirects. */
export async function postForm(
  baseUrl: string,
  html: string,
  formId: string,
  fields: Record<string, string>,
  jar: CookieJar,
): Promise<Response> {
  const res = await fetch(actionOf(html, formId, baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body: new URLSearchParams(fields),
  });
  jar.store(res);
  return res;
}

/** Follows a redirect within the server (a GET with the jar), returning the answer. */
export async function follow(res: Response, baseUrl: string, jar: CookieJar): Promise<Response> {
  const location = res.headers.get("location");
  if (!location) throw new Error(`no redirect (status ${res.status}): ${await res.text()}`);
  const next = await fetch(new URL(location, baseUrl), { redirect: "manual", headers: { cookie: jar.header() } });
  jar.store(next);
  return next;
}

/** `text` of a page with the entities the servers write (quotes, apostrophes, ampersands) decoded. */
export const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** The value of the hidden field `name` in a page's form, decoded. */
export const fieldValue = (html: string, name: string) =>
  decodeEntities(new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "");

/** The text of the page's error message (`kc-error` span or alert), entities decoded. */
export function errorText(html: string): string | undefined {
  const match = /class="kc-error"[^>]*>([^<]*)</.exec(html);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}
