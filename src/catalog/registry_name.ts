/**
 * Names of catalog servers in the MCP Registry API (`/v0.1`, `registry.ts`).
 *
 * A registry name must match the server.json `name` rules (schema 2025-12-11:
 * `^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`, 3 to 200 characters). The rule:
 *
 * 1. An entry whose toolatlas name is one of its official registry names keeps it
 *    (`io.github.github/github-mcp-server`).
 * 2. Every other entry (listed only by other catalogs, or a second entry claiming an official name,
 *    named `…~2` by the merge) is named in toolatlas's own namespace {@link REGISTRY_NAMESPACE}:
 *    `ai.toolatlas/` followed by its toolatlas name with each `/` written `.`, each `~` written
 *    `_`, `@` dropped, and any other character outside `[A-Za-z0-9._-]` written `-`
 *    (`github.com/owner/repo` → `ai.toolatlas/github.com.owner.repo`,
 *    `npm/@scope/pkg` → `ai.toolatlas/npm.scope.pkg`, `com.supabase/mcp~2` →
 *    `ai.toolatlas/com.supabase.mcp_2`). Never `io.github.*`: that namespace means the official
 *    registry verified the publisher's GitHub account, which toolatlas cannot claim.
 * 3. A name longer than 200 characters, or one another entry already took (compared without
 *    case), is not served; `registry.ts` counts those.
 *
 * @module
 */

/** Namespace of registry names that toolatlas assigns (reverse DNS of toolatlas.ai). */
export const REGISTRY_NAMESPACE = "ai.toolatlas";

/** server.json `name` pattern (schema 2025-12-11). */
export const REGISTRY_NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

/** Shortest and longest server.json `name`. */
export const REGISTRY_NAME_LENGTH = { min: 3, max: 200 } as const;

/**
 * True when `name` is a valid server.json `name`.
 *
 * @param name a candidate name
 * @returns whether it matches {@link REGISTRY_NAME_PATTERN} within {@link REGISTRY_NAME_LENGTH}
 */
export function isRegistryName(name: string): boolean {
  return name.length >= REGISTRY_NAME_LENGTH.min && name.length <= REGISTRY_NAME_LENGTH.max &&
    REGISTRY_NAME_PATTERN.test(name);
}

/**
 * The registry name of a catalog server (see the module description).
 *
 * @param name the entry's toolatlas name, e.g. `github.com/owner/repo`
 * @param officialNames its official registry names
 * @returns `{ name, official }` (`official`: the name is an official registry name), or
 *   `undefined` when the name would exceed 200 characters
 * @example
 * ```ts
 * registryNameOf("github.com/o/r", []); // { name: "ai.toolatlas/github.com.o.r", official: false }
 * registryNameOf("io.github.o/r", ["io.github.o/r"]); // { name: "io.github.o/r", official: true }
 * ```
 */
export function registryNameOf(
  name: string,
  officialNames: readonly string[],
): { name: string; official: boolean } | undefined {
  if (officialNames.includes(name) && isRegistryName(name)) return { name, official: true };
  const tail = name.replaceAll("/", ".").replaceAll("~", "_").replaceAll("@", "")
    .replace(/[^A-Za-z0-9._-]/g, "-");
  const generated = `${REGISTRY_NAMESPACE}/${tail}`;
  return isRegistryName(generated) ? { name: generated, official: false } : undefined;
}
