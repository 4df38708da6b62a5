/**
 * A server whose names, arguments, values and URL hold everything a shell or a URL reads:
 * spaces, both quotes, `$`, backticks, `$(...)`, `\`, `!`, `;`, `&`, `#`, a newline, non-ASCII
 * text and a leading `=` (zsh's `=cmd` expansion). Pasting its CLI commands must pass every value
 * through unchanged; running any of them must not run a command (the canary file stays absent).
 *
 * @module
 */
import { server } from "../fixtures/catalog.ts";
import type { CatalogServer } from "../../src/model/server.ts";

/**
 * Text a shell would expand or split, with `$(touch CANARY)` inside: `CANARY` is replaced by a
 * path whose existence means a command ran.
 */
export function hostileText(canary: string): string {
  return `it's "quoted" $HOME \`touch ${canary}\` $(touch ${canary}) \\ !! ; & # ünï\nline2`;
}

/**
 * An npm package and a remote with hostile values everywhere a source can put them.
 *
 * @param canary a file path that must never be created
 * @returns the server
 */
export function hostileServer(canary: string): CatalogServer {
  const text = hostileText(canary);
  return server({
    name: "io.github.evil/hostile",
    title: "Hostile",
    packages: [{
      registryType: "npm",
      identifier: "@evil/hostile-mcp",
      version: "1.0.0",
      transport: { type: "stdio" },
      packageArguments: [
        { type: "positional", name: "text", value: text },
        { type: "positional", name: "equals", value: "=ls" },
        { type: "named", name: "--dir", value: "/tmp/a dir/$USER's files" },
        {
          type: "positional",
          name: "allowed_directory",
          isRequired: true,
          format: "filepath",
        },
      ],
      environmentVariables: [
        { name: "MODE", value: text, isRequired: true },
        { name: "EVIL_API_TOKEN", description: "A token", isRequired: true, isSecret: true },
      ],
    }],
  });
}

/**
 * A remote of the same server, its URL and a header value hostile.
 *
 * @param canary a file path that must never be created
 * @returns the server
 */
export function hostileRemote(canary: string): CatalogServer {
  return server({
    name: "io.github.evil/hostile-remote",
    title: "Hostile Remote",
    remotes: [{
      type: "streamable-http",
      url: `https://evil.example/mcp?q=$(touch%20${canary})&h='$HOME'&b=\`id\``,
      headers: [
        { name: "X-Mode", value: `a "b" $HOME 'c' \`touch ${canary}\``, isRequired: true },
        {
          name: "Authorization",
          value: "Bearer {token}",
          isRequired: true,
          variables: {
            token: { name: "token", isRequired: true, isSecret: true, description: "The token" },
          },
        },
      ],
    }],
    provenance: { remotes: "official-server-json" },
  });
}
