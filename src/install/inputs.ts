/**
 * The inputs of a server.json record (environment variables, package and runtime arguments,
 * remote headers) turned into config values, following the registry's `server.json` format
 * (https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json and its
 * reference `docs/reference/server-json/generic-server-json.md`):
 *
 * - `value` is what the client passes. `{name}` in it stands for the input `variables[name]`;
 *   each variable is resolved the same way as an input (its own `value`, else a non-secret
 *   `default`, else a value the user supplies). A `{name}` with no matching variable would stay
 *   literal under the schema, which can never work (`Bearer {smithery_api_key}`), so it becomes a
 *   value the user supplies with the input's own flags; Docker-style `{{name}}` and shell-style
 *   `${name}` likewise.
 * - A secret (`isSecret`, or when the flag is absent a name such as `..._TOKEN`, `API_KEY`,
 *   `Authorization`) is never written: its literal `value` or `default` is ignored and it is
 *   always present as a placeholder, marked required only when the record says `isRequired: true`
 *   (the schema's default is false; clients then get an optional placeholder, e.g. `${NAME:-}`).
 * - Otherwise an input with a `value` is passed as is; a required input with a `default` gets the
 *   default; a required input without one gets a placeholder named after it; an optional input
 *   without a `value` is left out (the server applies its own default) and listed in a note.
 * - Positional arguments are passed by value (a placeholder named after `valueHint` when the user
 *   must supply it); named arguments as `name value` (`--port 8080`).
 *
 * Values a user supplies are {@link Variable} references inside a {@link Value}; every client
 * renders them in its own placeholder syntax (`src/install/render.ts`).
 *
 * @module
 */
import type { ServerInput } from "../model/server.ts";

/**
 * A value the user supplies, referenced from a config instead of written into it.
 * `name` is an environment-variable style name (`GITHUB_PERSONAL_ACCESS_TOKEN`, `SMITHERY_API_KEY`,
 * `PROJECT_REF`); `label` is the name as the server declares it (`project-ref`).
 */
export interface Variable {
  /** Environment-variable style name, e.g. `SMITHERY_API_KEY`. */
  name: string;
  /** Name as the server declares it, e.g. `smithery_api_key`, `project-ref`. */
  label: string;
  /** The server's description of the value, if any. */
  description: string | null;
  /** False when the server marks it optional. */
  required: boolean;
  /** True for tokens, passwords and keys: never written as a value. */
  secret: boolean;
  /** Where the server expects it. */
  kind: "env" | "header" | "argument";
  /** server.json `format` when not plain `string`: `number`, `boolean`, `filepath`. */
  format?: string;
  /** The only values allowed (server.json `choices`). */
  choices?: string[];
  /** An example of the expected value (server.json `placeholder`), never a real value. */
  hint?: string;
  /** The argument may be given several times (server.json `isRepeated`). */
  repeated?: boolean;
}

/** A piece of a {@link Value}: literal text, or a reference to a variable. */
export type Part = string | { ref: Variable };

/** A config value: literal text and variable references, concatenated. */
export type Value = Part[];

/**
 * Renders a variable reference as text; `following` is the literal text right after it (Gemini
 * CLI needs braces when a name runs on into letters).
 */
export type Placeholder = (variable: Variable, following: string) => string;

/**
 * Renders a value with a placeholder function.
 *
 * @example
 * ```ts
 * renderValue(["Bearer ", { ref: v }], (v) => `\${${v.name}}`); // "Bearer ${API_KEY}"
 * ```
 *
 * @param value the value
 * @param placeholder renders each variable reference
 * @returns the text
 */
export function renderValue(value: Value, placeholder: Placeholder): string {
  let out = "";
  value.forEach((part, i) => {
    if (typeof part === "string") {
      out += part;
      return;
    }
    const next = value[i + 1];
    out += placeholder(part.ref, typeof next === "string" ? next : "");
  });
  return out;
}

/**
 * The single variable a value consists of, or `null` when the value has literal text or several
 * references.
 *
 * @param value the value
 * @returns the variable, or `null`
 *
 * @example
 * ```ts
 * soleVariable([{ ref: token }]); // token
 * soleVariable(["Bearer ", { ref: token }]); // null
 * ```
 */
export function soleVariable(value: Value): Variable | null {
  const [first] = value;
  return value.length === 1 && first !== undefined && typeof first !== "string" ? first.ref : null;
}

/**
 * The literal text of a value without variable references, or `null` when it references one.
 *
 * @param value the value
 * @returns the text, or `null`
 *
 * @example
 * ```ts
 * literalText(["local", "host"]); // "localhost"
 * literalText([{ ref: token }]); // null
 * ```
 */
export function literalText(value: Value): string | null {
  return value.every((p) => typeof p === "string") ? value.join("") : null;
}

/**
 * Kebab-case id of a variable, used for VS Code `inputs` (`GITHUB_TOKEN` → `github-token`).
 *
 * @param variable the variable
 * @returns the id
 *
 * @example
 * ```ts
 * inputId({ name: "GITHUB_TOKEN", ... }); // "github-token"
 * ```
 */
export function inputId(variable: Pick<Variable, "name">): string {
  return variable.name.toLowerCase().replace(/_+/g, "-").replace(/^-+|-+$/g, "");
}

/**
 * Upper snake case name for a variable: `project-ref` → `PROJECT_REF`, `X-API-Key` → `X_API_KEY`,
 * `smithery_api_key` → `SMITHERY_API_KEY`, `apiKey` → `API_KEY`; an upper-case name stays as it
 * is (`NEO4J_URI`); a leading digit gets a `V_` prefix.
 *
 * @example
 * ```ts
 * envName("--project-ref"); // "PROJECT_REF"
 * ```
 *
 * @param text a header, argument or template variable name
 * @returns the name, `"VALUE"` when nothing usable is left
 */
export function envName(text: string): string {
  const bare = text.replace(/^-+/, "");
  // camelCase is split into words only when the name has lower-case letters: an upper-case name
  // is already an environment variable's and is used as it is (`NEO4J_URI`, not `NEO4_J_URI`;
  // `N8N_API_KEY`, `E2B_API_KEY`).
  const words = /[a-z]/.test(bare)
    ? bare.replace(/([a-z])([A-Z])/g, "$1_$2").replace(/([0-9])([A-Z][a-z])/g, "$1_$2")
    : bare;
  const name = words
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (name === "") return "VALUE";
  return /^[0-9]/.test(name) ? `V_${name}` : name;
}

/**
 * The placeholder name of an input: an environment variable's own name when it is a valid
 * variable name (`NEO4J_URI`, `npm_config_cache`, `token`: used as it is, so the placeholder is
 * the variable), otherwise {@link envName} of it (`MIRO-OAUTH-KEY` → `MIRO_OAUTH_KEY`; a header or
 * argument → upper snake case).
 *
 * @param label the input's name (an env var, header or argument name)
 * @param kind where the server takes it
 * @returns the placeholder's variable name
 */
export function placeholderName(label: string, kind: Variable["kind"]): string {
  const bare = label.trim().replace(/=+$/, "");
  return kind === "env" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(bare) ? bare : envName(bare);
}

/** Name parts that mark a secret even when the source does not flag it. */
const _SECRET_WORDS = new Set([
  "TOKEN",
  "SECRET",
  "PASSWORD",
  "PASSWD",
  "PWD",
  "APIKEY",
  "KEY",
  "PAT",
  "CREDENTIAL",
  "CREDENTIALS",
  "AUTH",
  "AUTHORIZATION",
  "AUTHENTICATION",
  "COOKIE",
]);

/**
 * True when an input is a secret: flagged `isSecret`, or (unless flagged `isSecret: false`) named
 * like one (`..._TOKEN`, `API_KEY`, `Authorization`, `x-api-key` ...).
 *
 * @example
 * ```ts
 * isSecretInput({ name: "SLACK_BOT_TOKEN" }); // true
 * isSecretInput({ name: "SLACK_TEAM_ID" }); // false
 * ```
 *
 * @param input a server.json input
 * @returns whether the value must never be written
 */
export function isSecretInput(input: Pick<ServerInput, "name" | "isSecret">): boolean {
  if (input.isSecret !== undefined) return input.isSecret;
  return envName(input.name).split("_").some((w) => _SECRET_WORDS.has(w));
}

/** `{name}` (server.json), `{{name}}` (Docker catalog) or `${name}` (shell) inside a value. */
const _TEMPLATE = /\$?\{\{?\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}?\}/g;

/** What became of one input: its value, or why it was left out. */
export type InputResult =
  | { kind: "value"; value: Value }
  | { kind: "omitted"; name: string };

/** A {@link Variable} for an input the user supplies. */
function _variable(
  input: ServerInput,
  name: string,
  label: string,
  kind: Variable["kind"],
  secret: boolean,
  required: boolean,
): Variable {
  const v: Variable = {
    name,
    label,
    description: input.description ?? null,
    required,
    secret,
    kind,
  };
  if (input.format !== undefined && input.format !== "string") v.format = input.format;
  if (input.choices !== undefined && input.choices.length > 0) v.choices = [...input.choices];
  if (input.placeholder !== undefined && !secret) v.hint = input.placeholder;
  if (input.isRepeated === true) v.repeated = true;
  return v;
}

/** A fixed value with `{name}` references resolved against the input's `variables`. */
function _templateValue(
  input: ServerInput,
  text: string,
  kind: Variable["kind"],
  secret: boolean,
): Value {
  const out: Value = [];
  let last = 0;
  for (const m of text.matchAll(_TEMPLATE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = m[1]!;
    const declared = input.variables?.[key];
    if (declared !== undefined) {
      const varSecret = isSecretInput(declared) || (secret && declared.isSecret === undefined);
      if (!varSecret && declared.value !== undefined) out.push(declared.value);
      else if (!varSecret && declared.default !== undefined) out.push(declared.default);
      else {
        out.push({
          ref: _variable(
            declared.description === undefined && input.description !== undefined
              ? { ...declared, description: input.description }
              : declared,
            envName(key),
            key,
            kind,
            varSecret,
            // Needed when declared so, or when the input needs a value and this part has none.
            declared.isRequired === true ||
              (input.isRequired === true && declared.default === undefined),
          ),
        });
      }
    } else {
      out.push({
        ref: _variable(input, envName(key), key, kind, secret, input.isRequired === true),
      });
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * Resolves one input following the server.json semantics of the module comment.
 *
 * @example
 * ```ts
 * inputValue({ name: "API_KEY", isSecret: true }, "env", "API_KEY");
 * // { kind: "value", value: [{ ref: { name: "API_KEY", secret: true, required: true, ... } }] }
 * inputValue({ name: "LOG_LEVEL", default: "info" }, "env", "LOG_LEVEL");
 * // { kind: "omitted", name: "LOG_LEVEL" }
 * ```
 *
 * @param input the input
 * @param kind where the server takes it
 * @param label the name the user sees (an argument without its dashes, `valueHint` ...)
 * @returns the value, or `omitted` for an optional input without a fixed value
 */
export function inputValue(
  input: ServerInput,
  kind: Variable["kind"],
  label: string,
): InputResult {
  const secret = isSecretInput(input);
  if (input.value !== undefined) {
    const value = _templateValue(input, input.value, kind, secret);
    // A secret's literal value is never copied; a template around a placeholder is kept.
    if (!secret || value.some((p) => typeof p !== "string")) return { kind: "value", value };
  }
  if (secret) {
    // Always present; required only when the record says so (server.json's default is false).
    const required = input.isRequired === true;
    return {
      kind: "value",
      value: [{ ref: _variable(input, placeholderName(label, kind), label, kind, true, required) }],
    };
  }
  if (input.isRequired !== true) return { kind: "omitted", name: label };
  if (input.default !== undefined) return { kind: "value", value: [input.default] };
  return {
    kind: "value",
    value: [{ ref: _variable(input, placeholderName(label, kind), label, kind, false, true) }],
  };
}

/**
 * Turns server.json arguments into values in order: named arguments as `name value` (a flag
 * given without any dashes gets `--`), positional ones by value; arguments a runner adds itself
 * (`skipFlags`, such as npx's `-y`) are dropped; optional arguments without a value are left out
 * and their names returned.
 *
 * @example
 * ```ts
 * argValues([{ type: "positional", valueHint: "path", name: "path", isRequired: true }], []);
 * // { args: [[{ ref: PATH }]], omitted: [] }
 * ```
 *
 * @param inputs `runtimeArguments` or `packageArguments`
 * @param skipFlags flags the runner already passes
 * @returns the argument values and the names of the arguments left out
 */
export function argValues(
  inputs: readonly ServerInput[],
  skipFlags: readonly string[],
): { args: Value[]; omitted: string[] } {
  const args: Value[] = [];
  const omitted: string[] = [];
  for (const input of inputs) {
    const named = input.type === "named";
    const flag = named ? (input.name.startsWith("-") ? input.name : `--${input.name}`) : null;
    if (flag !== null && skipFlags.includes(flag)) continue;
    if (flag === null && input.value !== undefined && skipFlags.includes(input.value)) continue;
    const label = (input.valueHint ?? input.name).replace(/^-+/, "");
    const result = inputValue(input, "argument", label);
    if (result.kind === "omitted") {
      omitted.push(flag ?? label);
      continue;
    }
    if (flag !== null) args.push([flag]);
    args.push(result.value);
  }
  return { args, omitted };
}

/**
 * The variables of values, once each by name, in order of first use.
 *
 * @example
 * ```ts
 * variablesOf([["Bearer ", { ref: token }], [{ ref: token }]]).length; // 1
 * ```
 *
 * @param values the values
 * @returns the variables
 */
export function variablesOf(values: readonly Value[]): Variable[] {
  const seen = new Map<string, Variable>();
  for (const value of values) {
    for (const part of value) {
      if (typeof part !== "string" && !seen.has(part.ref.name)) seen.set(part.ref.name, part.ref);
    }
  }
  return [...seen.values()];
}
