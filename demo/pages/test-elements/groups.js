import { mountWithToken } from "./element-test-page.js";

const theme = mountWithToken(document.getElementById("element"), [
  "kc-group-created",
  "kc-group-updated",
  "kc-group-deleted",
  "kc-navigate",
]);
document.documentElement.classList.toggle("dark-host", theme === "dark");
