import { AjvCompiler, type ValidatorFactory } from "@fastify/ajv-compiler";

type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type CompileRoute = (route: { schema: object; method?: string; url?: string; httpPart?: string }) => Validate;

const notCompiledYet = new Set<() => void>();

/**
 * Fastify's own Ajv compiler (the same options, formats and shared schemas), except that a route's schema is compiled
 * when the route first validates a request instead of when the route is registered: the server registers a few hundred
 * schemas and compiling them all took about a quarter of every start. What a request sees does not change: the first
 * call compiles with the same Ajv instance and then runs the compiled function, whose `errors` the wrapper passes on.
 */
export function lazyValidatorFactory(): ValidatorFactory {
  const pool = AjvCompiler();
  // The package's types describe Ajv's compile signature, not the route object Fastify passes at run time.
  return ((externalSchemas: unknown, options: unknown) => {
    const compile = (pool as (e: unknown, o: unknown) => CompileRoute)(externalSchemas, options);
    return (route: Parameters<CompileRoute>[0]): Validate => {
      let compiled: Validate | undefined;
      const compileNow = () => {
        notCompiledYet.delete(compileNow);
        return (compiled ??= compile(route));
      };
      notCompiledYet.add(compileNow);
      const validate: Validate = (data, context) => {
        const ajvValidate = compiled ?? compileNow();
        const result = ajvValidate(data, context);
        validate.errors = ajvValidate.errors;
        return result;
      };
      // Ajv's functions carry their schema environment; Fastify then passes the request as parent data, which lets
      // coercion replace a whole query or params object, as with eager compilation.
      validate.schemaEnv = true;
      return validate;
    };
  }) as unknown as ValidatorFactory;
}

/** Compiles every schema not compiled yet (a test checks that each route's schema is one Ajv accepts). */
export function compilePendingSchemas(): number {
  const pending = [...notCompiledYet];
  for (const compileNow of pending) compileNow();
  return pending.length;
}
