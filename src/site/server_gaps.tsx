// Server-rendered only: no reconciliation needs keys, and hono/jsx would print `key` as an attribute.
// deno-lint-ignore-file jsx-key
/**
 * The "Not known yet" card of a server page: what no source tells about the server (how to
 * install it, its tools, its code, its licence), shown near the top so a gap is never read as a
 * fact.
 *
 * @module
 */
import type { z } from "zod";
import type { ServerDetailsOutput } from "../catalog/server_schemas.ts";

/** A server's details as its page shows them (`ServerDetails` of `server_page.tsx`). */
type ServerDetails = z.infer<typeof ServerDetailsOutput>;

/**
 * The gaps of one server, in words, most important first.
 *
 * @param s the server's details
 * @returns one sentence per gap (empty when nothing important is missing)
 */
export function serverGaps(s: ServerDetails): string[] {
  const gaps: string[] = [];
  if (s.packages.length === 0 && s.remotes.length === 0) {
    const stated = s.statedHosting === "local"
      ? " Sources say it runs locally, but name no package."
      : s.statedHosting === "remote"
      ? " Sources say it is hosted, but give no endpoint URL."
      : s.statedHosting === "both"
      ? " Sources say it runs locally and hosted, but give neither a package nor a URL."
      : "";
    gaps.push(`How to install it: no package and no remote endpoint are known yet.${stated}`);
  } else if (
    s.remotes.length === 0 && s.packages.every((p) => p.evidence?.level === "unverified")
  ) {
    gaps.push(
      "A checked way to install it: only catalogs name its packages, and nothing shows they " +
        "belong to it (see Install).",
    );
  }
  if (s.tools.length === 0) {
    gaps.push("Its tools: no source and no launch probe has listed them yet.");
  }
  if (s.repositoryUrl === null) gaps.push("Its source code: no repository is known.");
  if (s.license === null) gaps.push("Its licence: no source states one.");
  return gaps;
}

/** The card, or nothing when no gap matters. */
export function GapsSection(props: { s: ServerDetails }) {
  const gaps = serverGaps(props.s);
  if (gaps.length === 0) return null;
  return (
    <section class="card notice" aria-labelledby="s-gaps">
      <h2 id="s-gaps">Not known yet</h2>
      <ul class="small">
        {gaps.map((g) => <li>{g}</li>)}
      </ul>
      {props.s.originalTitle !== null && (
        <p class="small muted">
          Sources title it “{props.s.originalTitle}”; the title above is derived from what it is
          (its product, repository or registry namespace).
        </p>
      )}
    </section>
  );
}
