import { mountWithToken } from "./groups-roles-token.js";

mountWithToken(document.getElementById("element"), ["kc-group-created", "kc-group-updated", "kc-group-deleted", "kc-navigate"]);
