/**
 * Taxonomy browsing: `/taxonomy` (every facet with its subcategories and leaves, with counts) and
 * `/taxonomy/{id}` (one node: its children, and the most popular tools and servers placed in it).
 *
 * @module
 */
import type { z } from "zod";
import type { TaxonomyNodeOut, TaxonomyOutput } from "../catalog/schemas.ts";
import type { SearchServersOutput } from "../catalog/server_schemas.ts";
import type { SearchToolsOutput } from "../catalog/tool_schemas.ts";
import { Breadcrumbs, formatCount, pricingLabel, TrustBadge } from "./layout.tsx";
import { searchHref } from "./search_page.tsx";

function NodeCounts(props: { node: TaxonomyNodeOut }) {
  return (
    <span class="counts">
      {formatCount(props.node.toolCount)} tools · {formatCount(props.node.serverCount)} servers
    </span>
  );
}

/** The "All N things →" link under a shortened list, to the full search. */
function AllLink(props: { href: string; total: number; children: string }) {
  return (
    <p class="small">
      <a href={props.href}>
        All {formatCount(props.total)} {props.children} →
      </a>
    </p>
  );
}

/**
 * The taxonomy overview body.
 *
 * @param props the tree with counts (`getTaxonomy` output)
 * @returns the page content (inside the layout)
 */
export function TaxonomyPage(props: { tree: z.infer<typeof TaxonomyOutput> }) {
  const { tree } = props;
  return (
    <>
      <header class="page-head">
        <h1>Taxonomy</h1>
        <p class="lead">
          Every AI tool and MCP server is placed in one leaf of a three-level tree:{" "}
          {tree.counts.facets} facets, {tree.counts.subcategories} subcategories and{" "}
          {tree.counts.leaves} leaves.
        </p>
      </header>
      <div class="grid">
        {tree.facets.map((f) => (
          <section class="card facet" aria-labelledby={`t-${f.id}`}>
            <h2 id={`t-${f.id}`}>
              <a href={`/taxonomy/${f.id}`}>{f.name}</a>
            </h2>
            <p class="small muted">{f.description}</p>
            <p>
              <NodeCounts node={f} />
            </p>
            <ul class="plain">
              {(f.children ?? []).map((s) => (
                <li>
                  <a href={`/taxonomy/${s.id}`}>{s.name}</a>{" "}
                  <span class="counts">({formatCount(s.toolCount + s.serverCount)})</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

/** Props of {@link TaxonomyNodePage}. */
export interface TaxonomyNodePageProps {
  /** The node with counts and children. */
  node: TaxonomyNodeOut;
  /** Level of the node. */
  level: "facet" | "subcategory" | "leaf";
  /** Ancestors, facet first (without the node). */
  ancestors: { id: string; name: string }[];
  /** Most popular tools placed under the node. */
  tools: z.infer<typeof SearchToolsOutput>;
  /** Most popular servers placed under the node (null when servers cannot be filtered here). */
  servers: z.infer<typeof SearchServersOutput> | null;
}

/**
 * The page of one taxonomy node.
 *
 * @param props node, level, ancestors and the top entries
 * @returns the page content (inside the layout)
 */
export function TaxonomyNodePage(props: TaxonomyNodePageProps) {
  const { node, tools, servers } = props;
  const children = node.children ?? [];
  return (
    <>
      <Breadcrumbs
        items={[
          { label: "Taxonomy", href: "/taxonomy" },
          ...props.ancestors.map((a) => ({ label: a.name, href: `/taxonomy/${a.id}` })),
          { label: node.name },
        ]}
      />
      <header class="page-head">
        <h1>{node.name}</h1>
        <p class="lead">{node.description}</p>
        <ul class="chips">
          <li class="badge accent">{props.level}</li>
          <li class="badge">{formatCount(node.toolCount)} AI tools</li>
          <li class="badge">{formatCount(node.serverCount)} MCP servers</li>
        </ul>
      </header>
      {children.length > 0 && (
        <section aria-labelledby="s-children">
          <h2 id="s-children">{props.level === "facet" ? "Subcategories" : "Leaves"}</h2>
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Description</th>
                  <th scope="col" class="num">AI tools</th>
                  <th scope="col" class="num">MCP servers</th>
                </tr>
              </thead>
              <tbody>
                {children.map((c) => (
                  <tr>
                    <td>
                      <a href={`/taxonomy/${c.id}`}>{c.name}</a>
                    </td>
                    <td class="small muted">{c.description}</td>
                    <td class="num">{formatCount(c.toolCount)}</td>
                    <td class="num">{formatCount(c.serverCount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <div class="cols2">
        <section class="card" aria-labelledby="s-top-tools">
          <h2 id="s-top-tools">Popular AI tools</h2>
          {tools.results.length === 0 ? <p class="muted">None yet.</p> : (
            <ul class="plain">
              {tools.results.map((t) => (
                <li>
                  <a href={new URL(t.svcUrl).pathname}>{t.name}</a>{" "}
                  <span class="small muted">· {pricingLabel(t.pricing)} · {t.category}</span>
                </li>
              ))}
            </ul>
          )}
          {tools.total > tools.results.length && (
            <AllLink href={searchHref({ kind: "tools", taxon: node.id })} total={tools.total}>
              AI tools
            </AllLink>
          )}
        </section>
        <section class="card" aria-labelledby="s-top-servers">
          <h2 id="s-top-servers">Popular MCP servers</h2>
          {servers === null || servers.results.length === 0
            ? <p class="muted">{servers === null ? "See the leaves above." : "None yet."}</p>
            : (
              <ul class="plain">
                {servers.results.map((s) => (
                  <li>
                    <TrustBadge score={s.trustScore} grade={s.trustGrade} />{" "}
                    <a href={new URL(s.svcUrl).pathname}>{s.title}</a>
                  </li>
                ))}
              </ul>
            )}
          {servers !== null && servers.total > servers.results.length && (
            <AllLink href={searchHref({ kind: "servers", taxon: node.id })} total={servers.total}>
              MCP servers
            </AllLink>
          )}
        </section>
      </div>
    </>
  );
}
