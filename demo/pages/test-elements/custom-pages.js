/** Test page of <kc-custom-pages-admin>: the password grant of the page address (default: the master admin). */
import { mountWithToken } from "./element-test-page.js";

const theme = mountWithToken(document.getElementById("element"), ["kc-navigate"]);
document.documentElement.classList.toggle("dark-host", theme === "dark");
