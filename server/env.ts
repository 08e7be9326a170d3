import * as v from 'valibot';

const port = v.pipe(
  v.optional(v.string(), '8080'),
  v.regex(/^\d{1,5}$/, 'must be a port number'),
  v.transform(Number),
  v.number(),
  v.minValue(0, 'must be a port number'),
  v.maxValue(65535, 'must be a port number'),
);

const url = (protocols: readonly string[], message: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.url(message),
      // The pipe runs on after v.url fails, so the check must not assume a parsable URL.
      v.check((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), message),
    ),
  );

const envSchema = v.object({
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), './data'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'must be a postgres:// URL'),
  SMTP_URL: url(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL'),
  PUBLIC_URL: url(['http:', 'https:'], 'must be an http(s):// URL'),
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'must be development, production or test'), 'development'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
});

export type Env = v.InferOutput<typeof envSchema>;

export class InvalidEnvironmentError extends Error {}

/** Reads and validates the environment; a bad value stops start-up with a message naming it. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.entries).flatMap((key) => {
      const value = source[key];
      return value === undefined || value === '' ? [] : [[key, value]];
    }),
  );
  const result = v.safeParse(envSchema, relevant);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
  throw new InvalidEnvironmentError(`Invalid environment: ${problems.join('; ')}`);
}

export function publicUrlOf(env: Env): string {
  return env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`;
}
