import { z } from 'zod';

/** What the operator reads about a variable: README's table and .env.example are written from it. */
export type EnvDoc = {
  /** What it switches, in Markdown (one line, no `|`); the accepted range or choices are added to it. */
  description: string;
  /** What happens when it is unset, for a variable without a default value (Markdown). */
  unset?: string;
  /** The value .env.example shows when a production install should not start from the default. */
  example?: string;
  /** It holds a credential: .env.example never shows a value for it, the README marks it. */
  secret?: boolean;
  /** .env.example opens a section with this heading at this variable. */
  section?: string;
};

const envRegistry = z.registry<EnvDoc & { env: string }>();

/**
 * A leaf of the configuration schema read from the environment variable `env`. Its position in the
 * schema is the config field it fills; its zod schema checks, defaults (`.default()`, or `.optional()`)
 * and converts the value; the doc is what the README and .env.example say about it.
 */
export function fromEnv<S extends z.ZodType>(env: string, schema: S, doc: EnvDoc): S {
  // Leaves are told apart by identity: one schema object under two names would read one variable twice.
  if (envRegistry.has(schema))
    throw new Error(`${env}: give it a schema of its own (this one reads ${envRegistry.get(schema)!.env})`);
  envRegistry.add(schema as z.ZodType, { env, ...doc });
  return schema;
}

export type EnvSetting = EnvDoc & {
  env: string;
  /** Where the value goes in the schema's input (and output, unless a transform moves it). */
  path: string[];
  /** The value it has when unset; undefined: it stays unset. */
  defaultValue: unknown;
  /** What it accepts beyond its type, for the docs: `1–240`, or the choices. */
  accepts: { min: number; max: number } | { choices: string[] } | null;
};

/** Every variable an object schema reads, depth first in the order its fields are written. */
export function envSettings(schema: z.ZodObject, at: string[] = []): EnvSetting[] {
  return Object.entries(schema.shape).flatMap(([key, child]: [string, z.ZodType]) => {
    const doc = envRegistry.get(child);
    if (doc) return [{ ...doc, path: [...at, key], defaultValue: defaultOf(child), accepts: acceptsOf(child) }];
    if (child instanceof z.ZodObject) return envSettings(child, [...at, key]);
    // A field nobody can set would always fail to parse (or be a constant that belongs elsewhere).
    throw new Error(`config field ${[...at, key].join('.')} names no environment variable (use fromEnv)`);
  });
}

/** The schema's input from the environment: each variable at its field, every nested object present. */
export function envInput(schema: z.ZodObject, env: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const doc = envRegistry.get(child);
    if (doc) {
      if (env[doc.env] !== undefined) input[key] = env[doc.env];
    } else if (child instanceof z.ZodObject) input[key] = envInput(child, env);
  }
  return input;
}

/**
 * One line per issue, naming the variable and the problem, never the value (it may be a secret). An
 * issue of the whole configuration (a check of several variables) is its own sentence.
 */
export function problemLines(issues: z.core.$ZodIssue[], settings: EnvSetting[]): string[] {
  return issues.map((issue) => {
    const setting = settings.find((s) => s.path.every((key, i) => issue.path[i] === key));
    return setting ? `${setting.env}: ${issue.message}` : issue.message;
  });
}

/** The schema under `.transform()`, `.default()` and `.optional()`: what checks the value. */
function unwrapped(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodPipe) return unwrapped(schema.def.in as z.ZodType);
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional) return unwrapped(schema.unwrap() as z.ZodType);
  return schema;
}

function defaultOf(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodPipe) return defaultOf(schema.def.in as z.ZodType);
  return schema instanceof z.ZodDefault ? schema.def.defaultValue : undefined;
}

function acceptsOf(schema: z.ZodType): EnvSetting['accepts'] {
  const inner = unwrapped(schema);
  if (inner instanceof z.ZodEnum) return { choices: inner.options.map(String) };
  if (inner instanceof z.ZodNumber && inner.minValue !== null && inner.maxValue !== null) {
    return { min: inner.minValue, max: inner.maxValue };
  }
  return null;
}
