/** The error description the identity server put in the address query after a failed sign-in, if any. */
export function signInErrorFromUrl(href: string = location.href): string | undefined {
  const url = new URL(href);
  return url.searchParams.get("error_description") ?? undefined;
}

/** The current page's address without query or hash ('try again' loads it). */
export function addressWithoutQueryOrHash(href: string = location.href): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname}`;
}
