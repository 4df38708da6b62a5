/**
 * Loads `playwright-core` under Deno's permission model. At import, playwright asks
 * `fs.existsSync("/proc/sys/fs/binfmt_misc/WSLInterop")` (WSL detection); Deno refuses `/proc`
 * paths without `--allow-all` and throws, where Node's `existsSync` never throws. The shim makes
 * `existsSync` answer `false` for paths it may not read, as Node would for a missing file, so the
 * tests run with the permissions of `deno task test`.
 *
 * @module
 */
import fs from "node:fs";

const _existsSync = fs.existsSync;
fs.existsSync = (path: fs.PathLike): boolean => {
  try {
    return _existsSync(path);
  } catch {
    return false;
  }
};

/** Playwright's Chromium launcher. */
export const { chromium } = await import("playwright-core");
