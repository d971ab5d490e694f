/**
 * A small validator for the JSON Schema subset the talkie/1 contract uses, with the two reading profiles.
 *
 * Why not Ajv: talkie-types has no runtime dependencies, and a client needs the *tolerant* reading the spec
 * demands (§1 and §5: ignore unknown fields; a card falls back to `fallbackText`), which a stock validator
 * cannot express. `strict` checks what a server must send; `tolerant` skips closed-object checks and keeps a
 * nested union member with an unknown tag (a future block type, outcome or part) as an opaque value, noting
 * its path, instead of failing the whole event. `format: date-time`, the only format used, is asserted.
 */
import { SCHEMAS } from "./generated/schemas.js";
import { SCHEMA_TITLES, type SchemaTitle } from "./generated/tables.js";
import type { SchemaTypes } from "./generated/types.js";

export type Profile = "tolerant" | "strict";

/** One step of a path into a JSON value: a member name or an array index. */
export type PathSegment = string | number;

/** The outcome of one validation: problems as `path: what`, and the paths kept opaque. */
export interface Validation {
  errors: string[];
  /** Paths (`$.value.blocks[0]`) of nested union members with a tag this version does not know. */
  opaque: string[];
  /** The same parts as segments (`["value", "blocks", 0]`) with their union's tag property (`type`). */
  opaqueParts: OpaquePart[];
}

/** A nested union member kept opaque: where it is, and the property that tags its union. */
export interface OpaquePart {
  path: PathSegment[];
  tagProperty: string;
}

/** `$.a.b[0]`: how paths read in messages. */
export function formatPath(segments: readonly PathSegment[]): string {
  return "$" + segments.map((s) => (typeof s === "number" ? `[${s}]` : `.${s}`)).join("");
}

type Schema = boolean | { readonly [keyword: string]: unknown };
type Obj = { readonly [key: string]: unknown };

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function resolve(ref: string, base: string): { schema: Schema; base: string } {
  const url = new URL(ref, base);
  const hash = decodeURIComponent(url.hash.slice(1));
  url.hash = "";
  let node: unknown = SCHEMAS[url.href];
  if (node === undefined) throw new Error(`unknown schema ${url.href}`);
  for (const token of hash.split("/").filter(Boolean)) {
    node = (node as Obj)[token.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return { schema: node as Schema, base: url.href };
}

function equal(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(v[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}

function typeOk(name: string, v: unknown): boolean {
  switch (name) {
    case "object":
      return isObject(v);
    case "array":
      return Array.isArray(v);
    case "string":
      return typeof v === "string";
    case "integer":
      return typeof v === "number" && Number.isInteger(v);
    case "number":
      return typeof v === "number" && Number.isFinite(v);
    case "boolean":
      return typeof v === "boolean";
    case "null":
      return v === null;
    default:
      return false;
  }
}

// RFC 3339 `date-time`, the one format the contract uses (asserted, as the contract's tests do).
const DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

class Checker {
  readonly result: Validation = { errors: [], opaque: [], opaqueParts: [] };
  constructor(private readonly profile: Profile) {}

  /** Whether `value` matches without recording anything (for `not`, `if`, untagged unions). */
  private quietly(schema: Schema, value: unknown, base: string, path: readonly PathSegment[]): boolean {
    const probe = new Checker(this.profile);
    probe.check(schema, value, base, path);
    if (probe.result.errors.length > 0) return false;
    this.result.opaque.push(...probe.result.opaque);
    this.result.opaqueParts.push(...probe.result.opaqueParts);
    return true;
  }

  private fail(path: readonly PathSegment[], problem: string): void {
    this.result.errors.push(`${formatPath(path)}: ${problem}`);
  }

  check(schema: Schema, value: unknown, base: string, path: readonly PathSegment[]): void {
    if (schema === true) return;
    if (schema === false) return this.fail(path, "no value is allowed here");
    const s = schema;
    if (typeof s.$ref === "string") {
      const target = resolve(s.$ref, base);
      this.check(target.schema, value, target.base, path);
    }
    for (const sub of (s.allOf as Schema[] | undefined) ?? []) this.check(sub, value, base, path);
    if (s.type !== undefined) {
      const names = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
      if (!names.some((name) => typeOk(name, value))) {
        return this.fail(path, `expected ${names.join(" or ")}`);
      }
    }
    if ("const" in s && !equal(s.const, value)) this.fail(path, `must be ${JSON.stringify(s.const)}`);
    // A string set receivers keep open (`x-talkie-open`, notes N-87): tolerant reading takes any string.
    const open = this.profile === "tolerant" && s["x-talkie-open"] === true && typeof value === "string";
    if (Array.isArray(s.enum) && !open && !s.enum.some((item) => equal(item, value))) {
      this.fail(path, `must be one of ${JSON.stringify(s.enum)}`);
    }
    if (s.not !== undefined && this.quietly(s.not as Schema, value, base, path)) {
      this.fail(path, "matches a schema it must not match");
    }
    if (s.if !== undefined && s.then !== undefined && this.quietly(s.if as Schema, value, base, path)) {
      this.check(s.then as Schema, value, base, path);
    }
    if (Array.isArray(s.oneOf)) this.union(s, s.oneOf as Schema[], value, base, path, true);
    if (Array.isArray(s.anyOf)) this.union(s, s.anyOf as Schema[], value, base, path, false);
    if (typeof value === "string") this.string(s, value, path);
    if (typeof value === "number") this.number(s, value, path);
    if (Array.isArray(value)) this.array(s, value, base, path);
    if (isObject(value)) this.object(s, value, base, path);
  }

  private union(s: Obj, members: Schema[], value: unknown, base: string, path: readonly PathSegment[], one: boolean): void {
    const discriminator = s.discriminator as { propertyName: string; mapping: Obj } | undefined;
    if (discriminator !== undefined && isObject(value)) {
      const tag = value[discriminator.propertyName];
      const target = typeof tag === "string" ? discriminator.mapping[tag] : undefined;
      if (typeof target === "string") return this.check({ $ref: target }, value, base, path);
      if (typeof tag === "string" && this.profile === "tolerant") {
        this.result.opaque.push(formatPath(path));
        this.result.opaqueParts.push({ path: [...path], tagProperty: discriminator.propertyName });
        return;
      }
      return this.fail([...path, discriminator.propertyName], `unknown tag ${JSON.stringify(tag)}`);
    }
    const matches = members.filter((member) => this.quietly(member, value, base, path)).length;
    if (matches === 0) this.fail(path, "matches none of the allowed shapes");
    else if (one && matches > 1) this.fail(path, "matches more than one of the allowed shapes");
  }

  private string(s: Obj, value: string, path: readonly PathSegment[]): void {
    const length = [...value].length;
    if (typeof s.minLength === "number" && length < s.minLength) this.fail(path, `shorter than ${s.minLength}`);
    if (typeof s.maxLength === "number" && length > s.maxLength) this.fail(path, `longer than ${s.maxLength}`);
    if (typeof s.pattern === "string" && !new RegExp(s.pattern, "u").test(value)) {
      this.fail(path, `does not match ${s.pattern}`);
    }
    if (s.format === "date-time" && !DATE_TIME.test(value)) this.fail(path, "not an RFC 3339 date-time");
  }

  private number(s: Obj, value: number, path: readonly PathSegment[]): void {
    if (typeof s.minimum === "number" && value < s.minimum) this.fail(path, `below ${s.minimum}`);
    if (typeof s.maximum === "number" && value > s.maximum) this.fail(path, `above ${s.maximum}`);
  }

  private array(s: Obj, value: unknown[], base: string, path: readonly PathSegment[]): void {
    if (s.items !== undefined) {
      value.forEach((item, i) => this.check(s.items as Schema, item, base, [...path, i]));
    }
    if (typeof s.minItems === "number" && value.length < s.minItems) this.fail(path, `fewer than ${s.minItems} items`);
    if (typeof s.maxItems === "number" && value.length > s.maxItems) this.fail(path, `more than ${s.maxItems} items`);
    if (s.uniqueItems === true && new Set(value.map(stable)).size !== value.length) this.fail(path, "items repeat");
    if (s.contains !== undefined && !value.some((item) => this.quietly(s.contains as Schema, item, base, path))) {
      this.fail(path, "no item matches `contains`");
    }
  }

  private object(s: Obj, value: Obj, base: string, path: readonly PathSegment[]): void {
    for (const key of (s.required as string[] | undefined) ?? []) {
      if (!(key in value)) this.fail([...path, key], "required");
    }
    const properties = (s.properties as { [key: string]: Schema } | undefined) ?? {};
    for (const [key, sub] of Object.entries(properties)) {
      if (key in value) this.check(sub, value[key], base, [...path, key]);
    }
    const extra = s.additionalProperties;
    for (const key of Object.keys(value)) {
      if (key in properties) continue;
      if (isObject(extra)) this.check(extra, value[key], base, [...path, key]);
      else if (extra === false && this.profile === "strict") this.fail([...path, key], "unknown member");
    }
  }
}

const has = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

/** Whether `name` is the title of a schema (a type guard, for titles read from data). */
export function isSchemaTitle(name: string): name is SchemaTitle {
  return has(SCHEMA_TITLES, name);
}

/** The `$id` (with pointer) of a schema named by its title (`"Manifest"`) or by its `$id`. */
export function schemaId(schema: SchemaTitle | string): string {
  return has(SCHEMA_TITLES, schema) ? SCHEMA_TITLES[schema as SchemaTitle] : schema;
}

/** Check `value` against a schema named by title or `$id`: every problem, and the parts kept opaque. */
export function check(schema: SchemaTitle | string, value: unknown, profile: Profile = "tolerant"): Validation {
  const id = schemaId(schema);
  const checker = new Checker(profile);
  const target = resolve(id, id);
  checker.check(target.schema, value, target.base, []);
  return checker.result;
}

/**
 * Whether `value` is a `title` as the contract defines it, as a type guard. Unknown members are ignored in the
 * tolerant profile, as talkie/1 tells receivers to; a value with a nested member of an unknown tag is not a
 * `title` as typed here (use `decode`, which hands such parts on as `Unknown…` values).
 */
export function validate<T extends SchemaTitle>(
  title: T,
  value: unknown,
  profile: Profile = "tolerant",
): value is SchemaTypes[T] {
  const result = check(title, value, profile);
  return result.errors.length === 0 && result.opaque.length === 0;
}
