/**
 * `deno task keys ...`: create, list, revoke and rotate API keys. A secret is printed once, at
 * creation or rotation, and never again; nothing else ever prints or logs it.
 *
 * @module
 */
import type { KeyStore } from "./keys.ts";
import { TIER_NAMES, type TierName } from "./tiers.ts";

const USAGE = `Usage:
  deno task keys create --tier pro|enterprise --name NAME
  deno task keys list
  deno task keys revoke KEY_ID
  deno task keys rotate KEY_ID`;

/**
 * Runs one keys subcommand, printing to stdout.
 *
 * @param keys the key store
 * @param args positional arguments after `keys`, e.g. `["revoke", "key_abc"]`
 * @param flags `tier` and `name` for `create`
 * @returns the process exit code (0 ok, 2 usage error)
 * @throws {AppError} `not_found` for an unknown key id (the caller prints its message)
 */
export async function keysCommand(
  keys: KeyStore,
  args: string[],
  flags: { tier?: string | undefined; name?: string | undefined },
): Promise<number> {
  const [sub, id] = args;
  switch (sub) {
    case "create": {
      if (!TIER_NAMES.includes(flags.tier as TierName) || !flags.name) {
        console.error(USAGE);
        return 2;
      }
      const { record, secret } = await keys.create(flags.tier as TierName, flags.name);
      console.log(`Created ${record.tier} key ${record.id} for "${record.name}".`);
      console.log(`Secret (shown once, store it now): ${secret}`);
      return 0;
    }
    case "list": {
      for (const k of await keys.list()) {
        console.log(
          `${k.id}\t${k.tier}\t${k.status}\t${k.createdAt}\t${k.name}${
            k.rotatedAt ? `\trotated ${k.rotatedAt}` : ""
          }`,
        );
      }
      return 0;
    }
    case "revoke":
    case "rotate": {
      if (!id) {
        console.error(USAGE);
        return 2;
      }
      if (sub === "revoke") {
        const r = await keys.revoke(id);
        console.log(`Revoked ${r.id} ("${r.name}").`);
      } else {
        const { record, secret } = await keys.rotate(id);
        console.log(`Rotated ${record.id}; the old secret no longer works.`);
        console.log(`New secret (shown once, store it now): ${secret}`);
      }
      return 0;
    }
    default:
      console.error(USAGE);
      return 2;
  }
}
