/**
 * Compile-time check that a schema's static type fits the admin client's representation: every field the schema
 * shares with it has a compatible type; fields Keycloak has and the admin client lacks may be added (null aside, which Jackson accepts everywhere). `true` only
 * type-checks when it does, so a schema drifting from `@keycloak/keycloak-admin-client` is a type error.
 */
type NonNull<T> = { [K in keyof T]: Exclude<T[K], null> };
type Mismatched<S, R> = {
  [K in keyof S]-?: K extends keyof R ? (NonNull<S>[K] extends R[K] ? never : K) : never;
}[keyof S];
export type Fits<S, R> = [Mismatched<S, R>] extends [never] ? true : { mismatched: Mismatched<S, R> };
