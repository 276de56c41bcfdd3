/**
 * Test page with <kc-users-admin>, <kc-groups-admin> and <kc-roles-admin> side by side, sharing one token
 * provider (the password grant of the page address, as on the single-element pages), for `npm run bench`.
 */
import { mountWithToken, passwordTokenProvider } from "./element-test-page.js";

const provider = passwordTokenProvider();
for (const element of document.querySelectorAll("main > *")) mountWithToken(element, [], provider);
