/**
 * The generated reference sections of `docs/` (`src/site/reference_docs.ts`) equal what the code
 * makes now: every operation of the operation table with its parameters in `docs/rest-api.md`,
 * every client of `data/clients.json` in `docs/install-configs.md`.
 *
 * @module
 */
import assert from "node:assert/strict";
import { OPERATIONS } from "../../src/catalog/operations.ts";
import { clientInfo } from "../../src/install/client_table.ts";
import { CLIENT_IDS } from "../../src/model/install.ts";
import {
  clientsMarkdown,
  formattedBlock,
  GENERATED_END,
  GENERATED_SECTIONS,
  generatedBlock,
  generatedStart,
  replaceGenerated,
  routesMarkdown,
} from "../../src/site/reference_docs.ts";

const ROOT = new URL("../../", import.meta.url);

for (const section of GENERATED_SECTIONS) {
  Deno.test(`${section.file}: the generated ${section.name} section is current`, async () => {
    const page = await Deno.readTextFile(new URL(section.file, ROOT));
    const block = await formattedBlock(section);
    assert.ok(block.startsWith(generatedStart(section.name)) && block.endsWith(GENERATED_END));
    assert.ok(
      page.includes(block),
      `${section.file} is stale: run \`deno task docs\` (the ${section.name} section is made ` +
        "from the code)",
    );
    assert.equal(page.split(generatedStart(section.name)).length, 2, "one section of that name");
  });
}

Deno.test("routes section: every operation with its route, MCP tool, summary and parameters", () => {
  const md = routesMarkdown();
  for (const op of OPERATIONS) {
    const route = `\`${op.method.toUpperCase()} /api/v1${op.path}\``;
    assert.ok(md.includes(`### ${route}\n`), route);
    if (op.mcpTool) assert.ok(md.includes(`\`${op.mcpTool.name}\``), op.mcpTool.name);
    assert.ok(md.includes(op.doc.summary), op.doc.summary);
  }
  // Types and bounds come from the zod schemas: searchTools' limit, compareTools' slugs, the
  // recommend body, the server name in the path.
  assert.match(md, /\| `limit` +\| query \| integer +\| +\| 1-50 +\| `10` +\|/);
  assert.match(
    md,
    /\| `slugs` +\| query \| list of string \(comma-separated\) \| yes +\| 2-5 items/,
  );
  assert.match(md, /\| `query` +\| body +\| string +\| yes +\| length 1-500 \|/);
  assert.match(md, /\| `name` +\| path +\|/);
  assert.match(md, /one of `lexical`, `semantic`, `hybrid`/);
});

Deno.test("clients section: one row per client with its files, format, command and docs", () => {
  const md = clientsMarkdown();
  const rows = md.split("\n").filter((l) => /^\| (?!client|---)/.test(l));
  assert.equal(rows.length, CLIENT_IDS.length);
  for (const [i, id] of CLIENT_IDS.entries()) {
    const c = clientInfo(id);
    const row = rows[i]!;
    assert.ok(row.includes(`(\`${id}\`)`), id);
    for (const f of c.filePaths) assert.ok(row.includes(`\`${f.path}\``), f.path);
    assert.ok(row.includes(c.docsUrl), c.docsUrl);
    assert.ok(row.includes(c.format.toUpperCase()));
    if (c.cli !== null) assert.ok(row.includes(`\`${c.cli}\``), c.cli);
  }
});

Deno.test("replaceGenerated swaps only the marked section and refuses a page without it", () => {
  const page = `# T\n\nbefore\n\n${generatedStart("x")}\nold\n${GENERATED_END}\n\nafter\n`;
  const next = replaceGenerated(page, "x", generatedBlock("x", "new"));
  assert.equal(
    next,
    `# T\n\nbefore\n\n${generatedStart("x")}\n\nnew\n\n${GENERATED_END}\n\nafter\n`,
  );
  assert.throws(() => replaceGenerated("# T\n", "x", "y"), /Cannot find/);
  assert.throws(() => replaceGenerated(generatedStart("x"), "x", "y"), /Cannot find/);
});
