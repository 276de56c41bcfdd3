/** Path parameters of admin routes; every route under /admin/realms/:realm has `realm`. */
export type RealmParams = { realm: string };
export type Params<K extends string> = RealmParams & Record<K, string>;

export function paramsOf<K extends string = never>(req: { params: unknown }): Params<K> {
  return req.params as Params<K>;
}
