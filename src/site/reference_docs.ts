/**
 * The reference sections of `docs/` that are generated from the code, so that they cannot drift
 * from it: in `docs/rest-api.md` every operation of the operation table
 * (`src/catalog/operations.ts`) with its route, MCP tool and parameters (types and bounds from the
 * zod input schemas), and in `docs/install-configs.md` the table of MCP clients
 * (`data/clients.json`). Each sits between `<!-- generated: {name} -->` and `<!-- /generated -->`.
 *
 * `deno task docs` (this module as a script) rewrites the sections in place and formats them as
 * `deno fmt` does; `tests/site/reference_docs_test.ts` fails when a page is stale.
 *
 * @module
 */
import { z } from "zod";
import { OPERATIONS } from "../catalog/operations.ts";
import { clientInfo } from "../install/client_table.ts";
import { CLIENT_IDS } from "../model/install.ts";
import { markdownHeadings } from "./markdown.ts";

/** End marker of every generated section. */
export const GENERATED_END = "<!-- /generated -->";

/**
 * Start marker of a generated section.
 *
 * @param name the section's name, e.g. `routes`
 * @returns e.g. `<!-- generated: routes -->`
 */
export function generatedStart(name: string): string {
  return `<!-- generated: ${name} -->`;
}

/** One generated section: the page it lives in and how it is made. */
export interface GeneratedSection {
  /** Name in its start marker, e.g. `routes`. */
  name: string;
  /** The page, relative to the repository, e.g. `docs/rest-api.md`. */
  file: string;
  /** The section's Markdown between the markers (not yet formatted). */
  markdown: () => string;
}

type JsonSchema = { [key: string]: unknown };

/** A table cell: one line, `|` escaped. */
function _cell(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(/\|/g, "\\|");
}

/** A code span of a value (backticks doubled around values that hold one). */
function _code(value: string): string {
  return value.includes("`") ? `\`\` ${value} \`\`` : `\`${value}\``;
}

/** Type of a parameter: `integer`, `boolean`, one of its values, a list of ... */
function _type(s: JsonSchema, inQuery: boolean): string {
  if (Array.isArray(s.enum)) return `one of ${s.enum.map((v) => _code(String(v))).join(", ")}`;
  if (s.type === "array") {
    const items = (s.items ?? {}) as JsonSchema;
    return `list of ${_type(items, false)}${inQuery ? " (comma-separated)" : ""}`;
  }
  if (Array.isArray(s.anyOf)) {
    return s.anyOf.map((a) => _type(a as JsonSchema, inQuery)).join(" or ");
  }
  return typeof s.type === "string" ? s.type : "any";
}

/** `a-b`, `at least a`, `at most b`, or `""`. */
function _range(min: unknown, max: unknown): string {
  const lo = typeof min === "number" && min !== Number.MIN_SAFE_INTEGER ? min : undefined;
  const hi = typeof max === "number" && max !== Number.MAX_SAFE_INTEGER ? max : undefined;
  if (lo !== undefined && hi !== undefined) return `${lo}-${hi}`;
  if (lo !== undefined) return `at least ${lo}`;
  if (hi !== undefined) return `at most ${hi}`;
  return "";
}

/** Bounds of a parameter: value range, length, items, item length. */
function _bounds(s: JsonSchema): string {
  const parts: string[] = [];
  const value = _range(s.minimum, s.maximum);
  if (value) parts.push(value);
  const length = _range(s.minLength, s.maxLength);
  if (length) parts.push(`length ${length}`);
  const items = _range(s.minItems, s.maxItems);
  if (items) parts.push(`${items} items`);
  if (s.type === "array" && s.items) {
    const item = (s.items ?? {}) as JsonSchema;
    const itemLength = _range(item.minLength, item.maxLength);
    if (itemLength) parts.push(`each of length ${itemLength}`);
  }
  return parts.join(", ");
}

/** The route of an operation as a heading text, e.g. `` `GET /api/v1/tools` ``. */
function _route(op: { method: string; path: string }): string {
  return `\`${op.method.toUpperCase()} /api/v1${op.path}\``;
}

/**
 * The `routes` section: a table of every operation (route, MCP tool, summary), then one
 * subsection per operation with its parameters: where each is read (path, query or JSON body),
 * its type, whether it is required, its bounds, its default and its description, all from the
 * operation's zod input schema.
 *
 * @returns Markdown (not yet formatted)
 */
export function routesMarkdown(): string {
  const lines: string[] = [
    "_Generated from the operation table (`src/catalog/operations.ts`) by `deno task docs`: edit the",
    "table or its zod schemas, not this section. Every operation is a REST route and, where named,",
    "an MCP tool with the same arguments._",
    "",
    "| route | MCP tool | what it does |",
    "| --- | --- | --- |",
  ];
  const anchors = markdownHeadings(OPERATIONS.map((op) => `### ${_route(op)}\n`).join("\n"));
  OPERATIONS.forEach((op, i) => {
    const tool = op.mcpTool ? _code(op.mcpTool.name) : "REST only";
    lines.push(`| [${_route(op)}](#${anchors[i]!.id}) | ${tool} | ${_cell(op.doc.summary)} |`);
  });
  lines.push("");
  for (const op of OPERATIONS) {
    lines.push(`### ${_route(op)}`, "");
    const facts = [
      op.mcpTool ? `MCP tool ${_code(op.mcpTool.name)} (${op.mcpTool.title})` : "REST only",
      ...(op.entitlement ? [`reads the tier entitlement ${_code(op.entitlement)}`] : []),
    ];
    lines.push(`${op.doc.summary}. ${facts.join("; ")}.`, "");
    const json = z.toJSONSchema(op.input, { io: "input" }) as JsonSchema;
    const properties = Object.entries((json.properties ?? {}) as Record<string, JsonSchema>);
    if (properties.length === 0) {
      lines.push("No parameters.", "");
      continue;
    }
    const required = new Set((json.required ?? []) as string[]);
    lines.push(
      "| parameter | in | type | required | bounds | default | description |",
      "| --- | --- | --- | --- | --- | --- | --- |",
    );
    for (const [name, s] of properties) {
      const inPath = op.path.includes(`{${name}}`);
      const where = inPath ? "path" : op.method === "get" ? "query" : "body";
      const cells = [
        _code(name),
        where,
        _cell(_type(s, where === "query")),
        inPath || required.has(name) ? "yes" : "",
        _cell(_bounds(s)),
        "default" in s
          ? _code(typeof s.default === "string" ? s.default : JSON.stringify(s.default))
          : "",
        _cell(typeof s.description === "string" ? s.description : ""),
      ];
      lines.push(`| ${cells.join(" | ")} |`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

const _OS: Record<string, string> = { macos: "macOS", linux: "Linux", windows: "Windows" };
const _TRANSPORTS: Record<string, string> = { "streamable-http": "streamable HTTP", sse: "SSE" };

/**
 * The `clients` section: one row per MCP client of `data/clients.json` with its config files
 * (scope and operating system), format and the key that holds the servers, the remote transports
 * it speaks natively, its command that adds a server, its one-click install link and its
 * documentation.
 *
 * @returns Markdown (not yet formatted)
 */
export function clientsMarkdown(): string {
  const lines: string[] = [
    "_Generated from `data/clients.json` by `deno task docs`: edit the file, not this table._",
    "",
    "| client | config files | format | remote transports | command | one-click link | documentation |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const id of CLIENT_IDS) {
    const c = clientInfo(id);
    const files = c.filePaths.map((f) =>
      `${_code(f.path)} (${f.scope}${f.os === "any" ? "" : `, ${_OS[f.os] ?? f.os}`})`
    ).join(", ");
    const remotes = Object.keys(c.remotes).map((t) => _TRANSPORTS[t] ?? t);
    const cells = [
      `${c.name} (${_code(c.id)})`,
      files,
      `${c.format.toUpperCase()}, servers under ${_code(c.topLevelKey)}`,
      remotes.length > 0 ? remotes.join(", ") : "none (through the `mcp-remote` bridge)",
      c.cli === null ? "" : c.cliDocsUrl ? `[${_code(c.cli)}](${c.cliDocsUrl})` : _code(c.cli),
      c.deepLinkDocsUrl ? `[yes](${c.deepLinkDocsUrl})` : "",
      `[${new URL(c.docsUrl).hostname}](${c.docsUrl})`,
    ];
    lines.push(`| ${cells.map(_cell).join(" | ")} |`);
  }
  lines.push("");
  return lines.join("\n");
}

/** Every generated section of `docs/`. */
export const GENERATED_SECTIONS: readonly GeneratedSection[] = [
  { name: "routes", file: "docs/rest-api.md", markdown: routesMarkdown },
  { name: "clients", file: "docs/install-configs.md", markdown: clientsMarkdown },
];

/**
 * A section with its markers: start marker, blank line, the Markdown, blank line, end marker.
 *
 * @param name the section's name
 * @param markdown its content
 * @returns the block, without a trailing newline
 */
export function generatedBlock(name: string, markdown: string): string {
  return `${generatedStart(name)}\n\n${markdown.trim()}\n\n${GENERATED_END}`;
}

/**
 * The page with one generated section replaced (markers included).
 *
 * @param page the page's Markdown
 * @param name the section's name
 * @param block the new block, from {@link generatedBlock}
 * @returns the new page
 * @throws {Error} when the page lacks the section's start marker or its end marker after it
 */
export function replaceGenerated(page: string, name: string, block: string): string {
  const start = page.indexOf(generatedStart(name));
  const end = start === -1 ? -1 : page.indexOf(GENERATED_END, start);
  if (start === -1 || end === -1) {
    throw new Error(`Cannot find "${generatedStart(name)}" ... "${GENERATED_END}" in the page`);
  }
  return `${page.slice(0, start)}${block}${page.slice(end + GENERATED_END.length)}`;
}

/**
 * Markdown as `deno fmt` writes it with the project's settings (line width 100), by running
 * `deno fmt` on it (needs `--allow-run`).
 *
 * @param markdown the text
 * @returns the formatted text
 * @throws {Error} when `deno fmt` fails
 */
export async function formatMarkdown(markdown: string): Promise<string> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--ext", "md", "-"],
    cwd: new URL("../../", import.meta.url).pathname,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(markdown));
  await writer.close();
  const out = await child.output();
  if (!out.success) throw new Error(`deno fmt failed: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout);
}

/**
 * A generated section as it must appear in its page: its block, formatted.
 *
 * @param section the section
 * @returns the formatted block, markers included, without a trailing newline
 */
export async function formattedBlock(section: GeneratedSection): Promise<string> {
  return (await formatMarkdown(generatedBlock(section.name, section.markdown()))).trimEnd();
}

if (import.meta.main) {
  const root = new URL("../../", import.meta.url);
  for (const section of GENERATED_SECTIONS) {
    const url = new URL(section.file, root);
    const page = await Deno.readTextFile(url);
    const next = replaceGenerated(page, section.name, await formattedBlock(section));
    if (next !== page) await Deno.writeTextFile(url, next);
    console.error(`${section.file}: ${section.name} ${next === page ? "up to date" : "rewritten"}`);
  }
}
