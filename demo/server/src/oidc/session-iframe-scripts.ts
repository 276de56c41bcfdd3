/** Script of login-status-iframe.html: answers keycloak-js' "clientId sessionState" messages with unchanged/changed/error. */
export const LOGIN_STATUS_IFRAME_SCRIPT = `"use strict";
(function () {
  var checked = {};
  function cookie(name) {
    var parts = document.cookie ? document.cookie.split("; ") : [];
    for (var i = 0; i < parts.length; i++) {
      var eq = parts[i].indexOf("=");
      if (parts[i].slice(0, eq) === name) return parts[i].slice(eq + 1);
    }
    return "";
  }
  function base64url(buffer) {
    var bytes = new Uint8Array(buffer), text = "";
    for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return btoa(text).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  }
  function hash(value) {
    return crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)).then(base64url);
  }
  function allowed(clientId, origin) {
    var key = clientId + " " + origin;
    if (!checked[key]) {
      var url = location.pathname + "/init?client_id=" + encodeURIComponent(clientId) + "&origin=" + encodeURIComponent(origin);
      checked[key] = fetch(url, { credentials: "include" }).then(function (r) { return r.status === 204; });
    }
    return checked[key];
  }
  window.addEventListener("message", function (event) {
    if (typeof event.data !== "string" || !event.source) return;
    var space = event.data.indexOf(" ");
    var clientId = space < 0 ? event.data : event.data.slice(0, space);
    var sessionState = space < 0 ? "" : event.data.slice(space + 1);
    var origin = event.origin;
    var source = event.source;
    allowed(clientId, origin)
      .then(function (ok) {
        if (!ok) return "error";
        var current = cookie("KEYCLOAK_SESSION");
        if (!sessionState) return current ? "changed" : "unchanged";
        if (!current) return "changed";
        return hash(sessionState).then(function (h) { return h === current ? "unchanged" : "changed"; });
      })
      .catch(function () { return "error"; })
      .then(function (answer) { source.postMessage(answer, origin); });
  });
})();
`;

/** 3p-cookies/step1.html: sets a test cookie, then continues to step2. */
export const THIRD_PARTY_STEP1_SCRIPT = `"use strict";
(function () {
  var secure = location.protocol === "https:" ? "; SameSite=None; Secure" : "";
  document.cookie = "KEYCLOAK_3P_COOKIE=supported; path=/; max-age=60" + secure;
  location.replace(location.pathname.replace(/step1\\.html$/, "step2.html"));
})();
`;

/** 3p-cookies/step2.html: tells the embedding page whether the cookie came back. */
export const THIRD_PARTY_STEP2_SCRIPT = `"use strict";
(function () {
  var supported = document.cookie.split("; ").indexOf("KEYCLOAK_3P_COOKIE=supported") >= 0;
  document.cookie = "KEYCLOAK_3P_COOKIE=; path=/; max-age=0";
  window.parent.postMessage(supported ? "supported" : "unsupported", "*");
})();
`;
