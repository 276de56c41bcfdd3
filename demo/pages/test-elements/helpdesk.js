import { passwordTokenProvider } from "./element-test-page.js";

const element = document.getElementById("element");
element.setAttribute("server-url", location.origin);
element.tokenProvider = passwordTokenProvider(
  new URLSearchParams({ "token-realm": "demo", username: "helpdesk", password: "helpdesk" }),
);
