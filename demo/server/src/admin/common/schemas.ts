import { Type, type TSchema } from "typebox";

/*
 * Building blocks for the admin API's request schemas. Every field is optional and may be null, as Jackson reads
 * a Keycloak representation; scalars are coerced as Jackson does ("123" for an int, 5 for a string), anything
 * else of the wrong type is refused before a handler runs (see http/validation.ts for the answers).
 */

/** Keycloak's column size for names, ids, descriptions and URLs (VARCHAR(255)). */
export const NAME_MAX = 255;
/** Java's int range, which Jackson refuses to exceed for an `int`/`Integer` field. */
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

const nullable = { nullable: true } as const;

/**
 * A `Map<String, V>` whose keys are VARCHAR(255) names (attribute, config and setting names). typebox drops a
 * constraint on a record's key schema, so the key length is stated as `propertyNames`.
 */
export const NamedMap = <T extends TSchema>(value: T, options: { nullable?: boolean } = {}) =>
  Type.Record(Type.String(), value, { ...options, propertyNames: { maxLength: NAME_MAX } });

export const Str = (options: { maxLength?: number; minLength?: number } = {}) =>
  Type.Optional(Type.String({ ...nullable, ...options }));
/** A name, id, description or URL stored in a 255-character column. */
export const Name = () => Str({ maxLength: NAME_MAX });
export const Int = () => Type.Optional(Type.Integer({ ...nullable, minimum: INT_MIN, maximum: INT_MAX }));
export const Long = () => Type.Optional(Type.Integer(nullable));
export const Bool = () => Type.Optional(Type.Boolean(nullable));
/** A boolean query parameter, read as Java's Boolean.valueOf ("true" in any case; anything else is false, never an error). */
export const Flag = () => Type.Optional(Type.String());
export const StrList = (options: { maxLength?: number } = {}) =>
  Type.Optional(Type.Array(Type.String(options), nullable));
/** A nested object Keycloak reads as a map or representation we do not model field by field. */
export const AnyObject = () => Type.Optional(Type.Record(Type.String(), Type.Any(), nullable));
export const ObjectList = () => Type.Optional(Type.Array(Type.Record(Type.String(), Type.Any()), nullable));
export const Optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

/** `Map<String, List<String>>` attributes; a single string stands for a one-value list, as the admin client sends. */
export const Attributes = () =>
  Type.Optional(NamedMap(Type.Union([Type.Array(Type.String()), Type.String()]), nullable));
/** `Map<String, List<String>>` attributes where only lists are read (roles). */
export const AttributeLists = () => Type.Optional(NamedMap(Type.Array(Type.String()), nullable));
/** `Map<String, String>` config and attribute maps. */
export const StringMap = () => Type.Optional(NamedMap(Type.String(), nullable));
/** Component config: `MultivaluedHashMap<String, String>`. */
export const MultiStringMap = () =>
  Type.Optional(NamedMap(Type.Union([Type.Array(Type.String()), Type.String()]), nullable));
/** `Map<String, List<String>>` of client ids to role names (clientRoles of users and groups). */
export const ClientRoleNames = () => Type.Optional(NamedMap(Type.Array(Type.String()), nullable));
/** `Map<String, Boolean>` (access maps the server computes and ignores on input). */
export const BoolMap = () => Type.Optional(Type.Record(Type.String(), Type.Boolean(), nullable));

/** A representation: typed known fields; other fields are read and ignored (see README, "unknown fields"). */
export const Representation = <P extends Record<string, TSchema>>(title: string, properties: P) =>
  Type.Object(properties, { title });

export const RepresentationList = <T extends TSchema>(item: T) => Type.Array(item);

/** A bare id or alias body (`"some-id"`), as the member and link endpoints read it. */
export const IdBody = Type.String({ maxLength: NAME_MAX });

/** The body of an endpoint that reads none (Keycloak ignores whatever is sent): declared so every write route has a schema. */
export const NoBody = Type.Unknown({ description: "not read" });

/** Form parameters (`@FormParam`), every one a string; absent ones are undefined. */
export const FormBody = <K extends string>(names: readonly K[]) =>
  Type.Object(Object.fromEntries(names.map((name) => [name, Name()])) as Record<K, ReturnType<typeof Name>>);

/** first/max paging and briefRepresentation, shared by list endpoints. */
export const PagingQuery = {
  first: Int(),
  max: Int(),
  briefRepresentation: Flag(),
};

export const Query = <P extends Record<string, TSchema>>(properties: P) => Type.Object(properties);

/** The query of list endpoints that page and search (groups, roles, members, available and effective roles). */
export const ListQuery = Query({
  ...PagingQuery,
  search: Str(),
  exact: Flag(),
  q: Str(),
  top: Flag(),
  subGroupsCount: Flag(),
  populateHierarchy: Flag(),
  userProfileMetadata: Flag(),
});
/** Session removal: `isOffline` picks the offline session of that id. */
export const OfflineQuery = Query({ isOffline: Flag() });
