/**
 * VS Code's own MCP gallery code as the client of toolatlas's MCP Registry API, without a key, as
 * a user who sets `chat.mcp.gallery.serviceUrl` to toolatlas (a script, not a test: it downloads
 * the npm build of VS Code's code and starts a server).
 *
 * The compiled `McpGalleryService`, `WorkbenchMcpGalleryManifestService` and
 * `getMcpServerConfigurationFromManifest` (of `AbstractCommonMcpManagementService`) ship in npm
 * `@codingame/monaco-vscode-mcp-service-override` and `@codingame/monaco-vscode-api` 36.2.7 (VS
 * Code's `src/vs/platform/mcp` built for the browser); they run here with stub services: the
 * configuration holds the gallery URL, the request service is `fetch` (counting requests and
 * bytes), the log service keeps warnings and errors. Against a toolatlas server started on the
 * catalog (`main.ts serve`, a fresh KV, so the keyless registry allowance starts full):
 *
 * 1. **Browse**: the gallery's query without text, then every next page until `hasMore` is false
 *    (VS Code's page size, 50, and its `version=latest`); no name twice.
 * 2. **Search** five terms, every page; each result must contain the term (VS Code drops the
 *    search text on later pages: the cursor must keep it).
 * 3. **Details** of 40 servers of the browse (seeded), by `getMcpServersFromGallery`, which asks
 *    `…/servers/{encodeURIComponent(name)}/versions/latest`.
 * 4. **Install**: every browsed server converted by `getMcpServerConfigurationFromManifest` with
 *    the package type `installFromGallery` picks (the first package's registry type, else
 *    `remote`); a conversion that throws (VS Code's "No server package found") or gives a config
 *    without a command or URL fails.
 *
 * ```sh
 * deno run -A bench/registry_vscode.ts [--catalog data/catalog.db] [--url http://127.0.0.1:8000]
 * ```
 *
 * Prints the counts, the failures, the requests used (and the allowance left), and exits 1 on any
 * failure.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { startServer } from "./_registry_server.ts";
import { mulberry32 } from "../tests/_sample.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { catalog: { type: "string" }, url: { type: "string" } },
});

// VS Code's compiled code (npm, 36.2.7), imported here only (the project's import map stays as
// it is); typed loosely, since the stubs below implement only what the code calls.
// deno-lint-ignore no-explicit-any
type Loose = any;
const { McpGalleryService } = await import(
  // deno-lint-ignore no-import-prefix
  "npm:@codingame/monaco-vscode-mcp-service-override@36.2.7/vscode/vs/platform/mcp/common/mcpGalleryService"
) as Loose;
const { WorkbenchMcpGalleryManifestService } = await import(
  // deno-lint-ignore no-import-prefix
  "npm:@codingame/monaco-vscode-mcp-service-override@36.2.7/vscode/vs/workbench/services/mcp/browser/mcpGalleryManifestService"
) as Loose;
const { AbstractCommonMcpManagementService } = await import(
  // deno-lint-ignore no-import-prefix
  "npm:@codingame/monaco-vscode-api@36.2.7/vscode/vs/platform/mcp/common/mcpManagementService"
) as Loose;
const { VSBuffer, bufferToStream } = await import(
  // deno-lint-ignore no-import-prefix
  "npm:@codingame/monaco-vscode-api@36.2.7/vscode/vs/base/common/buffer"
) as Loose;
const { CancellationToken } = await import(
  // deno-lint-ignore no-import-prefix
  "npm:@codingame/monaco-vscode-api@36.2.7/vscode/vs/base/common/cancellation"
) as Loose;

/** A gallery server as VS Code's `toGalleryMcpServer` makes it (the fields used here). */
interface GalleryServer {
  name: string;
  description: string;
  version: string;
  status: string;
  configuration: { packages?: { registryType: string }[]; remotes?: unknown[] };
}
interface Page {
  items: GalleryServer[];
  hasMore: boolean;
}

const catalog = values.catalog ?? Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db";
const server = values.url ? { url: values.url, stop: async () => {} } : await startServer(catalog);
const started = performance.now();

// ---------------------------------------------------------------- stub services
const traffic = { requests: 0, bytes: 0, statuses: {} as Record<number, number> };
let allowance = { limit: "", remaining: "" };
const logged: string[] = [];
const logService = {
  trace() {},
  debug() {},
  info() {},
  warn: (...a: unknown[]) => logged.push(`warn ${a.join(" ")}`),
  error: (...a: unknown[]) => logged.push(`error ${a.map(String).join(" ")}`),
};
const requestService = {
  async request(options: { type?: string; url: string; headers?: Record<string, string> }) {
    const res = await fetch(options.url, {
      method: options.type ?? "GET",
      headers: options.headers ?? {},
    });
    const body = new Uint8Array(await res.arrayBuffer());
    traffic.requests++;
    traffic.bytes += Number(res.headers.get("content-length") ?? body.byteLength);
    traffic.statuses[res.status] = (traffic.statuses[res.status] ?? 0) + 1;
    allowance = {
      limit: res.headers.get("x-ratelimit-limit") ?? allowance.limit,
      remaining: res.headers.get("x-ratelimit-remaining") ?? allowance.remaining,
    };
    return {
      res: { headers: Object.fromEntries(res.headers), statusCode: res.status },
      stream: bufferToStream(VSBuffer.wrap(body)),
    };
  },
};
const configurationService = {
  getValue: (key: string) =>
    key === "chat.mcp.gallery" ? { serviceUrl: server.url, version: undefined } : undefined,
  onDidChangeConfiguration: () => ({ dispose() {} }),
};
const manifests = new WorkbenchMcpGalleryManifestService(
  { mcpGallery: undefined },
  { getConnection: () => null },
  requestService,
  logService,
  configurationService,
);
const gallery = new McpGalleryService(requestService, {}, logService, manifests);
const management = new AbstractCommonMcpManagementService(logService);
const none = CancellationToken.None;

/** Every page of a gallery query. */
async function all(text?: string): Promise<GalleryServer[]> {
  const pager = await gallery.query(text === undefined ? undefined : { text }, none);
  const items: GalleryServer[] = [...pager.firstPage.items];
  let more = pager.firstPage.hasMore;
  while (more) {
    const page: Page = await pager.getNextPage(none);
    items.push(...page.items);
    more = page.hasMore;
  }
  return items;
}

const failures: string[] = [];
let failureCount = 0;
const fail = (what: string) => {
  failureCount++;
  if (failures.length < 50) failures.push(what);
};

// 1. Browse.
const t0 = performance.now();
const browsed = await all();
const browseRequests = traffic.requests;
const browseMs = performance.now() - t0;
const seen = new Set<string>();
for (const s of browsed) {
  if (seen.has(s.name)) fail(`browse: ${s.name} twice`);
  seen.add(s.name);
  if (s.status === "deleted") fail(`browse: ${s.name} is deleted`);
}

// 2. Search.
const TERMS = ["github", "postgres", "filesystem", "slack", "browser"];
const searched: Record<string, number> = {};
for (const term of TERMS) {
  const found = await all(term);
  searched[term] = found.length;
  if (found.length === 0) fail(`search ${term}: nothing`);
  for (const s of found) {
    if (!`${s.name}\n${s.description}`.toLowerCase().includes(term)) {
      fail(`search ${term}: ${s.name} does not contain it`);
    }
  }
}

// 3. Details.
const random = mulberry32(40);
const picked = new Set<string>();
while (picked.size < Math.min(40, browsed.length)) {
  picked.add(browsed[Math.floor(random() * browsed.length)]!.name);
}
let detailed = 0;
for (const name of picked) {
  const [one] = await gallery.getMcpServersFromGallery([{ name }]);
  if (one?.name === name) detailed++;
  else fail(`details ${name}: ${one ? one.name : "not found"}`);
}

// 4. Install.
let converted = 0;
const byType: Record<string, number> = {};
for (const s of browsed) {
  const type = s.configuration.packages?.[0]?.registryType ?? "remote";
  try {
    const { mcpServerConfiguration } = management.getMcpServerConfigurationFromManifest(
      s.configuration,
      type,
    );
    const config = mcpServerConfiguration.config;
    const ok = config.type === "stdio"
      ? typeof config.command === "string" && config.command !== ""
      : typeof config.url === "string" && URL.canParse(config.url);
    if (!ok) fail(`install ${s.name}: ${JSON.stringify(config)}`);
    else {
      converted++;
      byType[type] = (byType[type] ?? 0) + 1;
    }
  } catch (error) {
    fail(`install ${s.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const report = {
  url: server.url,
  browsed: browsed.length,
  browseRequests,
  browseSeconds: Math.round(browseMs / 100) / 10,
  searched,
  detailed,
  converted,
  convertedByPackageType: byType,
  failures: failureCount,
  requests: traffic.requests,
  bytes: traffic.bytes,
  statuses: traffic.statuses,
  allowance,
  errorsLogged: logged.filter((l) => l.startsWith("error")).length,
  seconds: Math.round((performance.now() - started) / 100) / 10,
};
await server.stop();
console.log(JSON.stringify(report, null, 1));
for (const f of failures) console.log(`FAIL ${f}`);
for (const l of logged.slice(0, 10)) console.log(`LOG ${l}`);
Deno.exit(failureCount > 0 ? 1 : 0);
