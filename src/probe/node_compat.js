// Preloaded into every sandboxed probe (`deno run --preload`): one Node.js behaviour Deno's
// permission sandbox changes. Node's fs.existsSync answers false for a path it cannot check;
// under Deno it throws NotCapable when the path is outside the allowed reads (WSL detection in
// the `is-wsl` package checks /proc/sys/fs/binfmt_misc/WSLInterop at start). Nothing is granted:
// the answer is "no such file", as Node gives for an unreadable path.
import fs from "node:fs";

const existsSync = fs.existsSync;
fs.existsSync = function (path, ...rest) {
  try {
    return existsSync.call(this, path, ...rest);
  } catch (error) {
    if (error && error.name === "NotCapable") return false;
    throw error;
  }
};
