import { mountWithToken } from "./element-test-page.js";

const events = ["kc-organization-created", "kc-organization-updated", "kc-organization-deleted", "kc-navigate"];
const theme = mountWithToken(document.getElementById("element"), events);
document.body.classList.toggle("dark", theme === "dark");
