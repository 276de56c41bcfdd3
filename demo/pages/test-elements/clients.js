/** Test page of <kc-clients-admin>: the password grant of the page address (default: the master admin). */
import { mountWithToken } from "./element-test-page.js";

mountWithToken(document.getElementById("element"), ["kc-navigate"]);
