/** The parts of a keycloak-js instance the session check reads and acts on. */
export interface SessionHolder {
  clientId?: string;
  sessionId?: string;
  token?: string;
  /** Forgets the tokens and calls onAuthLogout, which starts a login again. */
  clearToken(): void;
}

export const SESSION_CHECK_INTERVAL_MS = 5_000;

const whenIdle = (run: () => void) => {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: 2_000 });
  else setTimeout(run, 200);
};

/**
 * The server's session-status frame (login-status-iframe.html), asked every 5 s whether the signed-in session still
 * holds, as keycloak-js's own check does; a session that ended (signed out elsewhere, expired) clears the token,
 * which starts a login again. Unlike keycloak-js's check, the frame loads once the page is idle after the sign-in,
 * so the token exchange and the first screen do not wait for it. Only for a frame on the page's own origin: there
 * the server's cookie is first-party, so the frame always sees the session.
 */
export function watchSessionStatus(keycloak: SessionHolder, frameUrl: string): void {
  const origin = new URL(frameUrl).origin;
  whenIdle(() => {
    const frame = document.createElement("iframe");
    frame.src = frameUrl;
    frame.title = "keycloak-session-iframe";
    frame.setAttribute("sandbox", "allow-storage-access-by-user-activation allow-scripts allow-same-origin");
    frame.style.display = "none";
    let waiting = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      clearInterval(timer);
      window.removeEventListener("message", onAnswer);
      frame.remove();
    };
    const ask = () => {
      if (waiting || !keycloak.token) return;
      waiting = true;
      frame.contentWindow?.postMessage(`${keycloak.clientId} ${keycloak.sessionId ?? ""}`, origin);
    };
    function onAnswer(event: MessageEvent) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      if (event.data !== "unchanged" && event.data !== "changed" && event.data !== "error") return;
      waiting = false;
      if (event.data === "unchanged") return;
      stop();
      keycloak.clearToken();
    }
    window.addEventListener("message", onAnswer);
    frame.addEventListener("load", () => (timer = setInterval(ask, SESSION_CHECK_INTERVAL_MS)), { once: true });
    document.body.append(frame);
  });
}
