// Server-rendered only: no reconciliation needs keys, and hono/jsx would print `key` as an attribute.
// deno-lint-ignore-file jsx-key
/**
 * The page of one MCP server (`/servers/{name}`, the server's `svcUrl`): trust score with its
 * components and findings, install configs for every client with a copy button, the tool
 * inventory, packages and remotes, and sources.
 *
 * @module
 */
import type { z } from "zod";
import { serverPath } from "../catalog/context.ts";
import type { InstallConfigOutput } from "../catalog/install.ts";
import type { ServerDetailsOutput } from "../catalog/server_schemas.ts";
import { PublisherBadges } from "./search_page.tsx";
import type { UserReviews } from "../model/review.ts";
import { UserReviewsSection } from "./user_reviews.tsx";
import { CopyButton, DeepLinkButtons } from "./install_links.tsx";
import { GapsSection } from "./server_gaps.tsx";
import {
  Breadcrumbs,
  formatCount,
  formatDate,
  inlineCode,
  type PathNode,
  safeUrl,
  TableHead,
  TaxonomyTrail,
  TrustBadge,
} from "./layout.tsx";

/** Details of a server as `getServer` returns them. */
export type ServerDetails = z.infer<typeof ServerDetailsOutput>;
/** Install configs as `getInstallConfig` returns them. */
export type InstallConfigs = z.infer<typeof InstallConfigOutput>;

/**
 * schema.org `SoftwareApplication` of a server, for JSON-LD.
 *
 * @param s the server's details
 * @returns the JSON-LD object
 */
export function serverJsonLd(s: ServerDetails): Record<string, unknown> {
  const sameAs = [safeUrl(s.repositoryUrl), safeUrl(s.homepage)].filter((u): u is string =>
    u !== null
  );
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: s.title,
    alternateName: s.name,
    description: s.description,
    url: s.svcUrl,
    applicationCategory: "DeveloperApplication",
    applicationSubCategory: "MCP server",
    ...(sameAs.length > 0 && { sameAs }),
    ...(s.license !== null && { license: s.license }),
    ...(s.version !== null && { softwareVersion: s.version }),
    ...(s.updatedAt !== null && { dateModified: s.updatedAt }),
    ...(s.categories.length > 0 && { keywords: s.categories.join(", ") }),
  };
}

const _OS: Record<string, string> = {
  macos: "macOS",
  linux: "Linux",
  windows: "Windows",
  any: "any OS",
};

function InstallSection(props: { configs: InstallConfigs["configs"] }) {
  // No client has a config: one line, not the same sentence eight times (the gap is in "Not known
  // yet" above).
  if (props.configs.every((c) => !c.available || c.config === null)) {
    // Only unverified ways (if any): said once, with each client's unverified config behind a
    // disclosure, not the same sentence eight times.
    const withAlternatives = props.configs.filter((c) => c.alternatives.length > 0);
    const reason = (props.configs[0]?.reason ?? "No install method known")
      .replace(/ for [A-Z][\w ]+?:/, ":").replace(/\.$/, "");
    return (
      <section class="card" aria-labelledby="s-install">
        <h2 id="s-install">Install</h2>
        <p class="muted">{reason}.</p>
        {withAlternatives.length > 0 && (
          <details class="small">
            <summary>Show the unverified configs</summary>
            {withAlternatives.map((c) => (
              <div class="alternative">
                <h3>{c.clientName}</h3>
                <p class="warn">{c.alternatives[0]!.evidence.text}</p>
                {c.alternatives[0]!.config !== null && (
                  <pre><code>{c.alternatives[0]!.config}</code></pre>
                )}
              </div>
            ))}
          </details>
        )}
      </section>
    );
  }
  return (
    <section class="card" aria-labelledby="s-install">
      <h2 id="s-install">Install</h2>
      <p class="small muted">
        Paste the configuration into the file named for your client. Secrets are placeholders: the
        values never appear here.
      </p>
      <nav class="toc" aria-label="Clients">
        {props.configs.map((c) => <a class="chip" href={`#install-${c.client}`}>{c.clientName}</a>)}
      </nav>
      {props.configs.map((c) => {
        const id = `cfg-${c.client}`;
        return (
          <section class="client" id={`install-${c.client}`} aria-labelledby={`${id}-title`}>
            <div class="client-head">
              <h3 id={`${id}-title`}>{c.clientName}</h3>
              {c.available && c.config !== null && (
                <div>
                  <CopyButton target={id} label={`Copy the ${c.clientName} configuration`} />
                </div>
              )}
            </div>
            {!c.available || c.config === null
              ? (
                <>
                  <p class="muted">{c.reason ?? "No install method known."}</p>
                  {c.alternatives.length > 0 && (
                    <details class="small">
                      <summary>
                        Show the unverified {c.alternatives.length === 1 ? "way" : "ways"}
                      </summary>
                      {c.alternatives.map((a) => (
                        <div class="alternative">
                          <p class="warn">{a.evidence.text}</p>
                          <p>{inlineCode(a.method.reason)}</p>
                          {a.config !== null && <pre><code>{a.config}</code></pre>}
                        </div>
                      ))}
                    </details>
                  )}
                </>
              )
              : (
                <>
                  {c.method !== null && <p class="small">{inlineCode(c.method.reason)}</p>}
                  {c.verified !== null
                    ? <p class="small verified">✓ {c.verified.text}</p>
                    : c.evidence !== null && (
                      <p class={`small ${c.evidence.level === "unverified" ? "warn" : "muted"}`}>
                        {c.evidence.text}
                      </p>
                    )}
                  {c.filePaths.length > 0 && (
                    <div class="small">
                      <span class="muted">Goes in:</span> {c.filePaths.map((f, i) => (
                        <>
                          {i > 0 && ", "}
                          <code>{f.path}</code>{" "}
                          <span class="muted">({f.scope}, {_OS[f.os] ?? f.os})</span>
                        </>
                      ))}
                    </div>
                  )}
                  <pre><code id={id} class={`language-${c.format ?? "text"}`}>{c.config}</code></pre>
                  <DeepLinkButtons links={c.deepLinks} required={c.requiredInputs} />
                  {c.cliCommand !== null && (
                    <>
                      <div class="client-head">
                        <span class="label">Or run</span>
                        <div>
                          <CopyButton
                            target={`${id}-cli`}
                            label={`Copy the ${c.clientName} command`}
                          />
                        </div>
                      </div>
                      <pre class="wrap"><code id={`${id}-cli`}>{c.cliCommand}</code></pre>
                    </>
                  )}
                  {c.secrets.length > 0 && (
                    <p class="small">
                      <span class="muted">Values to provide:</span> {c.secrets.map((s, i) => (
                        <>
                          {i > 0 && ", "}
                          <code>{s.placeholder}</code>
                          {s.description ? ` ${s.description}` : ""}
                          {s.required ? "" : " (optional)"}
                        </>
                      ))}
                    </p>
                  )}
                  {c.notes.length > 0 && (
                    <ul class="small muted notes">
                      {c.notes.map((n) => <li>{inlineCode(n)}</li>)}
                    </ul>
                  )}
                  {c.alternatives.length > 0 && (
                    <details class="small">
                      <summary>
                        {c.alternatives.length} other {c.alternatives.length === 1 ? "way" : "ways"}
                        {" "}
                        to install
                      </summary>
                      {c.alternatives.map((a) => (
                        <div class="alternative">
                          <p>{inlineCode(a.method.reason)}</p>
                          {a.verified !== null
                            ? <p class="verified">✓ {a.verified.text}</p>
                            : <p class="muted">{a.evidence.text}</p>}
                          {a.config !== null && <pre><code>{a.config}</code></pre>}
                        </div>
                      ))}
                    </details>
                  )}
                </>
              )}
          </section>
        );
      })}
    </section>
  );
}

function TrustSection(props: { trust: ServerDetails["trust"] }) {
  const t = props.trust;
  return (
    <section class="card" aria-labelledby="s-trust">
      <h2 id="s-trust">Trust score</h2>
      {t === null ? <p class="muted">Not scored.</p> : (
        <>
          <div class="score">
            <TrustBadge score={t.score} grade={t.grade} large />
            <div>
              <strong>{t.score}/100</strong>, grade {t.grade}
              <div class="small muted">
                A ≥ 80, B ≥ 65, C ≥ 50, D ≥ 35, else E · computed {formatDate(t.computedAt)}
              </div>
            </div>
          </div>
          <ul class="plain components" aria-label="Components">
            {t.components.map((c) => (
              <li>
                <div class="component-head">
                  <span>{c.label}</span>
                  <span
                    class={`points${c.points < 0 ? " penalty" : c.points === 0 ? " zero" : ""}`}
                  >
                    {c.points}
                    {c.max > 0 ? ` / ${c.max}` : ""}
                  </span>
                </div>
                <div class="small muted">{c.evidence}</div>
              </li>
            ))}
          </ul>
          <h3>Safety findings</h3>
          {t.findings.length === 0
            ? <p class="small muted">The tool-description safety scan found nothing.</p>
            : (
              <ul class="plain small">
                {t.findings.map((f) => (
                  <li>
                    <strong>{f.severity}</strong> · {f.kind} in {f.where}: <code>{f.excerpt}</code>
                  </li>
                ))}
              </ul>
            )}
        </>
      )}
    </section>
  );
}

function InventorySection(props: { s: ServerDetails }) {
  const { s } = props;
  return (
    <section class="card" aria-labelledby="s-tools">
      <h2 id="s-tools">Tools ({s.tools.length})</h2>
      {s.tools.length === 0 ? <p class="muted">No source lists this server's tools.</p> : (
        <>
          <ul class="plain">
            {s.tools.map((t) => (
              <li>
                <code>{t.name}</code>
                {t.description && <div class="small muted">{t.description}</div>}
              </li>
            ))}
          </ul>
          {s.verified !== null && s.inventorySource === "probe"
            ? (
              <p class="small muted">
                Inventory from a launch probe of <code>{s.verified.identifier}</code>
                {s.verified.version !== null && ` ${s.verified.version}`}: {s.verified.text}.
              </p>
            )
            : s.inventorySource !== null && (
              <p class="small muted">Inventory from {s.inventorySource}.</p>
            )}
        </>
      )}
    </section>
  );
}

function PackagesSection(props: { s: ServerDetails }) {
  const { s } = props;
  if (s.packages.length === 0 && s.remotes.length === 0) return null;
  return (
    <section class="card" aria-labelledby="s-packages">
      <h2 id="s-packages">Packages and remotes</h2>
      {s.packages.length > 0 && (
        <table>
          <TableHead
            caption="Packages"
            columns={["Registry", "Package", "Transport", "Environment"]}
          />
          <tbody>
            {s.packages.map((p) => (
              <tr>
                <td>{p.registryType}</td>
                <td>
                  <code>{p.identifier}</code>
                  {p.version !== undefined && <span class="muted small">@{p.version}</span>}
                </td>
                <td>{p.transport?.type ?? "–"}</td>
                <td class="small">
                  {(p.environmentVariables ?? []).map((v, i) => (
                    <>
                      {i > 0 && ", "}
                      <code>{v.name}</code>
                      {v.isSecret ? " (secret)" : ""}
                    </>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {s.remotes.length > 0 && (
        <table>
          <TableHead caption="Remote endpoints" columns={["Transport", "URL", "Headers"]} />
          <tbody>
            {s.remotes.map((r) => (
              <tr>
                <td>{r.type}</td>
                <td>
                  <code>{r.url}</code>
                </td>
                <td class="small">{(r.headers ?? []).map((h) => h.name).join(", ") || "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Who publishes the server, with the evidence, and the project's other listings. */
function PublisherSection(props: { s: ServerDetails }) {
  const s = props.s;
  const flags = [
    s.vendorOfficial && "published by the product's vendor",
    s.firstParty && "the company's server for its own service",
    s.reference && "a reference server of modelcontextprotocol/servers",
    s.inOfficialRegistry && "listed in the official MCP registry",
    s.archived && "archived upstream",
  ].filter((x): x is string => typeof x === "string");
  return (
    <section class="card" aria-labelledby="s-publisher">
      <h2 id="s-publisher">Publisher</h2>
      <p class="small">
        {flags.length > 0
          ? `This server is ${flags.join("; ")}.`
          : "No evidence that the product's vendor publishes this server."}
      </p>
      {s.publisherNote !== null && <p class="small muted">Why: {s.publisherNote}.</p>}
      {s.vendorEvidence.length > 0 && (
        <ul class="small muted notes">
          {s.vendorEvidence.map((e) => <li>{e.detail}</li>)}
        </ul>
      )}
      {s.variantOf !== null && (
        <p class="small">
          A listing of the same project as{" "}
          <a href={serverPath(s.variantOf)}>{s.variantOf}</a>, the canonical entry
          {s.variantReason !== null && <span class="muted">({s.variantReason})</span>}.
        </p>
      )}
      {s.forkOf !== null && (
        <p class="small">
          A fork of <a href={serverPath(s.forkOf)}>{s.forkOf}</a>.
        </p>
      )}
      {s.variants.length > 0 && (
        <>
          <h3 class="small">Other listings of this project</h3>
          <ul class="plain small">
            {s.variants.map((v) => (
              <li>
                <a href={serverPath(v.name)}>{v.name}</a>{" "}
                <span class="muted">({v.sources.join(", ")}: {v.reason})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * The server page body.
 *
 * @param props the server's details, its install configs, taxonomy path and secondary leaves
 * @returns the page content (inside the layout)
 */
export function ServerPage(
  props: {
    server: ServerDetails;
    install: InstallConfigs;
    path: PathNode[];
    also: PathNode[];
    /** Users' reviews (`null`: cannot be read now; absent: no review store, no section). */
    userReviews?: UserReviews | null;
  },
) {
  const s = props.server;
  const repo = safeUrl(s.repositoryUrl);
  const homepage = safeUrl(s.homepage);
  return (
    <article>
      <Breadcrumbs
        items={[{ label: "Search", href: "/" }, { label: "MCP servers", href: "/?kind=servers" }, {
          label: s.title,
        }]}
      />
      <header class="page-head">
        <h1>{s.title}</h1>
        <div class="name">{s.name}</div>
        <p class="lead">{s.description}</p>
        <ul class="chips" aria-label="Summary">
          <li>
            <TrustBadge score={s.trustScore} grade={s.trustGrade} />
          </li>
          <PublisherBadges s={s} />
          {s.hosting !== "unknown" && <li class="badge accent">{s.hosting}</li>}
          {s.transports.map((t) => <li class="badge">{t}</li>)}
          {s.registryTypes.map((r) => <li class="badge">{r}</li>)}
          {s.stars !== null && s.stars > 0 && <li class="badge">★ {formatCount(s.stars)}</li>}
        </ul>
      </header>
      <div class="detail">
        <div>
          <GapsSection s={s} />
          <InstallSection configs={props.install.configs} />
          {s.tools.length > 0 && <InventorySection s={s} />}
          <PackagesSection s={s} />
          {props.userReviews !== undefined && (
            <UserReviewsSection
              kind="server"
              api={`/api/v1${serverPath(s.name)}/reviews`}
              reviews={props.userReviews}
            />
          )}
        </div>
        <aside>
          <PublisherSection s={s} />
          <TrustSection trust={s.trust} />
          <section class="card" aria-labelledby="s-details">
            <h2 id="s-details">Details</h2>
            <dl class="facts">
              <dt>Repository</dt>
              <dd>
                {repo !== null
                  ? (
                    <a href={repo} rel="nofollow noopener external">
                      {repo.replace(/^https?:\/\//, "")}
                    </a>
                  )
                  : s.repositoryUrl ?? <span class="muted">Unknown</span>}
                {s.subfolder !== null && <div class="small muted">Folder: {s.subfolder}</div>}
              </dd>
              {homepage !== null && (
                <>
                  <dt>Homepage</dt>
                  <dd>
                    <a href={homepage} rel="nofollow noopener external">{homepage}</a>
                  </dd>
                </>
              )}
              <dt>Taxonomy</dt>
              <dd>
                <TaxonomyTrail path={props.path} also={props.also} />
              </dd>
              <dt>Licence</dt>
              <dd>{s.license ?? "–"}</dd>
              <dt>Version</dt>
              <dd>{s.version ?? "–"}</dd>
              <dt>Stars</dt>
              <dd>{formatCount(s.stars)}</dd>
              {s.useCount !== null && (
                <>
                  <dt>Uses</dt>
                  <dd>{formatCount(s.useCount)}</dd>
                </>
              )}
              {s.monthlyDownloads !== null && (
                <>
                  <dt>Downloads</dt>
                  <dd>{formatCount(s.monthlyDownloads)} / month</dd>
                </>
              )}
              <dt>Status</dt>
              <dd>{s.status ?? "–"}</dd>
              <dt>Published</dt>
              <dd>{formatDate(s.publishedAt)}</dd>
              <dt>Updated</dt>
              <dd>{formatDate(s.updatedAt)}</dd>
              <dt>Catalogs</dt>
              <dd>{s.sourceCount}</dd>
            </dl>
          </section>
          {(s.categories.length > 0 || s.tags.length > 0) && (
            <section class="card" aria-labelledby="s-categories">
              <h2 id="s-categories">Categories</h2>
              <ul class="chips">
                {s.categories.map((c) => (
                  <li>
                    <a class="chip" href={`/?kind=servers&category=${encodeURIComponent(c)}`}>
                      {c}
                    </a>
                  </li>
                ))}
                {s.tags.map((t) => <li class="chip">{t}</li>)}
              </ul>
            </section>
          )}
          <section class="card" aria-labelledby="s-sources">
            <h2 id="s-sources">Sources</h2>
            <ul class="plain small">
              {s.sources.map((r) => (
                <li>
                  <strong>{r.name}</strong>
                  <div class="muted">Licence: {r.license}</div>
                </li>
              ))}
            </ul>
            <p class="small muted">
              As JSON: <a href={`/api/v1${new URL(s.svcUrl).pathname}`}>/api/v1/servers/…</a>
            </p>
          </section>
        </aside>
      </div>
    </article>
  );
}
