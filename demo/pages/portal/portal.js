import { createPortalTokenProvider } from "../shared/portal-token-provider.js";
import { listenToElementEvents } from "../shared/element-events.js";
import { portalUser, signOut } from "../shared/portal-session.js";

const MAX_LOG_ENTRIES = 50;
const tokenProvider = createPortalTokenProvider();

const consoleElement = document.getElementById("portal-console");
consoleElement.setAttribute("server-url", location.origin);
// Set before the loader defines the element; the element picks it up when it upgrades.
consoleElement.tokenProvider = tokenProvider;

portalUser().then((username) => {
  if (username) document.getElementById("portal-user").textContent = `Signed in as ${username}`;
});
document.getElementById("portal-sign-out").addEventListener("click", () => signOut());

const log = document.getElementById("event-log");

function logEvent(event) {
  const entry = document.createElement("li");
  entry.className = "portal-log-entry";
  const time = document.createElement("time");
  time.textContent = new Date().toLocaleTimeString();
  const name = document.createElement("code");
  name.className = "portal-log-name";
  name.textContent = event.type;
  const source = document.createElement("span");
  source.className = "portal-log-source";
  source.textContent = `<${event.target.localName}>`;
  const detail = document.createElement("span");
  detail.className = "portal-log-detail";
  detail.textContent = event.detail === undefined ? "" : JSON.stringify(event.detail);
  entry.append(time, name, source, detail);
  log.prepend(entry);
  while (log.children.length > MAX_LOG_ENTRIES) log.lastElementChild.remove();
}

listenToElementEvents(document, logEvent);
document.getElementById("clear-log").addEventListener("click", () => log.replaceChildren());

/** Embeds a single-area element once the loader knows it (issues 5 and 10); never a stand-in. */
async function embedElement(tag, statusId) {
  const status = document.getElementById(statusId);
  const { load } = await import("/elements/loader.js");
  try {
    await load(tag);
  } catch {
    status.textContent = `<${tag}> is not in this build yet: this panel embeds it once the element exists.`;
    return;
  }
  const element = document.createElement(tag);
  element.setAttribute("realm", "demo");
  element.setAttribute("auth-realm", "demo");
  element.setAttribute("server-url", location.origin);
  element.tokenProvider = tokenProvider;
  status.replaceWith(element);
}

embedElement("kc-users-admin", "users-admin-status");
embedElement("kc-clients-admin", "clients-admin-status");
embedElement("kc-client-scopes-admin", "client-scopes-admin-status");
