/** The language an administrator picked in the user menu, kept per server, sign-in realm and user. */
const storageKey = (serverUrl: string, authRealm: string, userId: string) =>
  `kc-admin-language:${serverUrl}:${authRealm}:${userId}`;

export function storedLanguageChoice(serverUrl: string, authRealm: string, userId: string): string | undefined {
  try {
    return localStorage.getItem(storageKey(serverUrl, authRealm, userId)) || undefined;
  } catch {
    return undefined;
  }
}

export function storeLanguageChoice(serverUrl: string, authRealm: string, userId: string, language: string): void {
  try {
    localStorage.setItem(storageKey(serverUrl, authRealm, userId), language);
  } catch {
    // Storage refused (private mode, a sandboxed frame): the choice lasts until the page reloads.
  }
}
