import type { Page } from "playwright-core";

/** Something a screen of an outside console did wrong: a refused request, a console error or an uncaught error. */
export interface Trouble {
  screen: string;
  what: string;
}

export interface TroubleOptions {
  /** Only answers from this origin count. */
  origin: string;
  /** The screen the page is on now: each trouble is filed under it. */
  screen: () => string;
  /** Paths Keycloak refuses the same way (their 4xx is not a trouble). */
  expected?: (path: string) => boolean;
  /** Console errors the outside console logs whatever server it talks to. */
  expectedConsole?: (text: string) => boolean;
}

/**
 * Records on `page`, into the returned list: every answer of 400 or more from the origin, every console error other
 * than Chromium's own line for such an answer, and every uncaught page error.
 */
export function watchTroubles(
  page: Page,
  { origin, screen, expected = () => false, expectedConsole = () => false }: TroubleOptions,
): Trouble[] {
  const troubles: Trouble[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || response.status() < 400 || expected(url.pathname)) return;
    troubles.push({
      screen: screen(),
      what: `${response.status()} ${response.request().method()} ${url.pathname}${url.search}`,
    });
  });
  page.on("console", (message) => {
    // Chromium logs every refused request as a console error; those are judged by their responses above.
    const text = message.text();
    if (message.type() === "error" && !text.startsWith("Failed to load resource") && !expectedConsole(text))
      troubles.push({ screen: screen(), what: `console: ${text.slice(0, 300)}` });
  });
  page.on("pageerror", (error) =>
    troubles.push({ screen: screen(), what: `page error: ${error.message.slice(0, 300)}` }),
  );
  return troubles;
}
