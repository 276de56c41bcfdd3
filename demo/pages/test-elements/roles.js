import { mountWithToken } from "./element-test-page.js";

const theme = mountWithToken(document.getElementById("element"), [
  "kc-role-created",
  "kc-role-updated",
  "kc-role-deleted",
  "kc-navigate",
]);
document.documentElement.classList.toggle("dark-host", theme === "dark");
