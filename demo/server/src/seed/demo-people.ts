import type { UserRep } from "../realm/representation.ts";
import { SEED_PASSWORD_HASHES } from "./seed-password-hashes.ts";

const FIRST_NAMES = [
  "Alice",
  "Bob",
  "Carol",
  "David",
  "Erin",
  "Frank",
  "Grace",
  "Heidi",
  "Ivan",
  "Judy",
  "Mallory",
  "Niaj",
  "Olivia",
  "Peggy",
  "Rupert",
  "Sybil",
  "Trent",
  "Uma",
  "Victor",
  "Walter",
];
const LAST_NAMES = ["Anderson", "Brown", "Chen", "Dubois", "Eriksen", "Fischer", "Garcia"];
const DEPARTMENTS = ["engineering", "sales", "support", "finance"];
export const DEMO_GROUP_PATHS = [
  "/Engineering/Backend/Platform",
  "/Engineering/Frontend",
  "/Sales/EMEA",
  "/Sales/Americas",
  "/Support",
  "/Engineering/Backend/Platform/Core/Kernel",
];

/** 60 people with e-mail, attributes and groups; every 9th disabled, every 7th with pending required actions. */
export function demoPeople(): UserRep[] {
  const users: UserRep[] = [];
  for (let i = 0; i < 60; i++) {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length];
    const lastName = LAST_NAMES[i % LAST_NAMES.length];
    const username = `${firstName}.${lastName}${i >= FIRST_NAMES.length ? i : ""}`.toLowerCase();
    users.push({
      username,
      email: `${username}@example.com`,
      firstName,
      lastName,
      enabled: i % 9 !== 8,
      emailVerified: i % 3 !== 0,
      createdTimestamp: Date.UTC(2025, 0, 1) + i * 86_400_000,
      attributes: {
        department: [DEPARTMENTS[i % DEPARTMENTS.length]],
        phone: [`+1-555-01${String(i).padStart(2, "0")}`],
      },
      requiredActions: i % 7 === 6 ? ["UPDATE_PASSWORD"] : [],
      credentials: [{ type: "password", ...SEED_PASSWORD_HASHES.password }],
      realmRoles: ["default-roles-demo", ...(i % 10 === 0 ? ["manager"] : [])],
      clientRoles: i % 4 === 0 ? { portal: ["editor"] } : {},
      groups: [DEMO_GROUP_PATHS[i % DEMO_GROUP_PATHS.length]],
    });
  }
  return users;
}
