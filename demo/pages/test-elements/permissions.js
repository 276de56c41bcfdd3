import { mountWithToken } from "./element-test-page.js";

const theme = mountWithToken(document.getElementById("element"), ["kc-navigate"]);
document.body.classList.toggle("dark", theme === "dark");
