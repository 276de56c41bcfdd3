import { passwordGrantTokenProvider } from "./organizations-token.js";

const element = document.getElementById("element");
element.setAttribute("server-url", location.origin);
element.tokenProvider = passwordGrantTokenProvider(new URLSearchParams({ "token-realm": "demo", username: "helpdesk", password: "helpdesk" }));
