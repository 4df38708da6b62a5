/**
 * Error classes of a launch probe and the rules that assign them from what the process did
 * (exit status, stderr, stdout lines that were not JSON-RPC).
 *
 * @module
 */
import type { ProbeErrorClass } from "../model/probe.ts";

/** Deno's permission error (`NotCapable: Requires net access to "x"`), or Node's EPERM. */
export const DENIED =
  /(?:NotCapable|PermissionDenied)?[^\n]*?(Requires [a-z]+ access[^\n,]*)|((?:getaddrinfo|connect) EPERM\b[^\n]*)/;
/** Lines that say a credential or setting is missing or invalid. */
const _SECRET = new RegExp(
  [
    String
      .raw`\b(api[ _-]?keys?|access[ _-]?tokens?|tokens?|secrets?|credentials?|passwords?|auth\w*)\b[^\n]{0,80}\b(required|missing|not (?:set|provided|found|configured|defined)|must be (?:set|provided)|is needed|invalid|undefined|empty)\b`,
    String
      .raw`\b(required|missing|set|provide|no)\b[^\n]{0,60}\b(api[ _-]?keys?|tokens?|credentials?|environment variables?|env(?:ironment)? vars?)\b`,
    String
      .raw`\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b[^\n]{0,40}\b(is required|is not set|not set|missing|must be set)\b`,
  ].join("|"),
  "i",
);
/** Deno's installer errors. */
const _INSTALL = [
  /npm package '[^']+' does not exist/,
  /Could not find npm package/i,
  /Could not find a matching package/i,
  /error: Could not resolve 'npm:/,
];
/** Deno's message for a package without an executable. */
const _NO_BIN = /did not have a bin property|Failed resolving binary export/;

/**
 * Lines of a text without ANSI colour codes, trimmed, non-empty.
 *
 * @example
 * ```ts
 * cleanLines("\x1b[31merror\x1b[0m: x\n\n  y "); // ["error: x", "y"]
 * ```
 *
 * @param text process output
 * @returns the lines
 */
export function cleanLines(text: string): string[] {
  // deno-lint-ignore no-control-regex
  return text.replace(/\x1b\[[0-9;]*m/g, "").split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
}

/**
 * A short, safe excerpt of a line for the probe record: at most 200 characters, with absolute
 * paths of the probe's work folder replaced by `…`.
 *
 * @example
 * ```ts
 * excerpt("Error: ENOENT /tmp/probe/work/x/a.json", "/tmp/probe/work/x"); // "Error: ENOENT …/a.json"
 * ```
 *
 * @param line the line
 * @param workDir the probe's folder, hidden from the excerpt
 * @returns the excerpt
 */
export function excerpt(line: string, workDir?: string): string {
  let text = line;
  if (workDir) text = text.replaceAll(workDir, "…");
  text = text.replace(/file:\/\/\/?\S*?node_modules\//g, "…/node_modules/");
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/** The line of stderr that best explains a failure: a matched line, else the last error line. */
function _explain(lines: string[], match?: RegExp): string | null {
  if (match) {
    const hit = lines.find((l) => match.test(l));
    if (hit !== undefined) return hit;
  }
  // Deno's own report (`error: Uncaught ...`) or a thrown error's message line first; a line of
  // the package's source that Deno quotes under it is never the explanation.
  const reported = lines.find((l) => /^(error:|Uncaught\b|[A-Za-z]*Error\b[:\s])/.test(l));
  if (reported !== undefined) return reported;
  const error = [...lines].reverse().find((l) =>
    /error|exception|fail|cannot|can't|unable|denied|invalid/i.test(l) && !/^\s*at\s/.test(l) &&
    !/[;{}]\s*$|^\s*(const|let|var|import|export|return|throw|await)\b/.test(l)
  );
  return error ?? lines.at(-1) ?? null;
}

/** What a stdio probe observed when `initialize` did not succeed. */
export interface FailedLaunch {
  /** The process exited (else it was still running at the deadline). */
  exited: boolean;
  /** Exit code, when it exited. */
  code: number | null;
  /** Tail of stderr. */
  stderr: string;
  /** Stdout lines that were not JSON-RPC. */
  noise: string[];
  /** JSON-RPC messages received. */
  messages: number;
}

/**
 * Classifies a launch that never answered `initialize`.
 *
 * @example
 * ```ts
 * classifyFailure({ exited: true, code: 1, stderr: "Error: BRAVE_API_KEY is required", noise: [], messages: 0 });
 * // { errorClass: "needs_secret", detail: "Error: BRAVE_API_KEY is required" }
 * ```
 *
 * @param failed what the process did
 * @param workDir the probe's folder, hidden from the detail
 * @returns the error class and a one-line detail
 */
export function classifyFailure(
  failed: FailedLaunch,
  workDir?: string,
): { errorClass: ProbeErrorClass; detail: string | null } {
  const lines = cleanLines(failed.stderr);
  const detail = (line: string | null) => line === null ? null : excerpt(line, workDir);
  if (lines.some((l) => _NO_BIN.test(l))) {
    return { errorClass: "no_executable", detail: detail(_explain(lines, _NO_BIN)) };
  }
  const install = _INSTALL.find((re) => lines.some((l) => re.test(l)));
  if (install) return { errorClass: "install_failed", detail: detail(_explain(lines, install)) };
  const denied = [...lines, ...failed.noise].map((l) => {
    const m = DENIED.exec(l);
    return m?.[1] ?? m?.[2];
  }).find((m) => m !== undefined);
  if (denied !== undefined) return { errorClass: "sandbox_denied", detail: detail(denied) };
  const secret = (l: string) => _SECRET.test(l) && !/unexpected token|SyntaxError/i.test(l);
  if (lines.some(secret) || failed.noise.some(secret)) {
    const line = lines.find(secret) ?? failed.noise.find(secret) ?? null;
    return { errorClass: "needs_secret", detail: detail(line) };
  }
  if (failed.noise.length > 0 && failed.messages === 0) {
    return {
      errorClass: "not_mcp",
      detail: detail(`stdout: ${failed.noise[0]}`),
    };
  }
  if (failed.exited) {
    const why = _explain(lines);
    return {
      errorClass: "crashed",
      detail: detail(why ?? `exited with code ${failed.code ?? "?"} without output`),
    };
  }
  return { errorClass: "timed_out", detail: detail(_explain(lines)) };
}
