import { mountWithToken } from "./groups-roles-token.js";

mountWithToken(document.getElementById("element"), ["kc-role-created", "kc-role-updated", "kc-role-deleted", "kc-navigate"]);
