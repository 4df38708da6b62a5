// Preloaded into every sandboxed probe (`deno run --preload`): Node.js behaviours Deno's
// permission sandbox changes. Nothing is granted; where Deno throws NotCapable, the answer is what
// Node.js gives for an unreadable path, or what a small anonymous container would report.
//
// - fs.existsSync answers false for a path it cannot check (Node's answer for an unreadable path);
//   under Deno it throws NotCapable when the path is outside the allowed reads (WSL detection in
//   the `is-wsl` package checks /proc/sys/fs/binfmt_misc/WSLInterop at start).
// - The os and process functions that need an --allow-sys the sandbox does not give (it gives
//   homedir only: the host name, network interfaces and user are not a probed package's business)
//   answer neutral values: host name "localhost", no network interfaces, user "probe" (uid and gid
//   1000), release "0.0.0", the CPU count Deno gives without a permission, 1 GiB of memory, no
//   load, no uptime. Named imports (`import { hostname } from "node:os"`) keep Deno's function and
//   still throw.
import fs from "node:fs";
import os from "node:os";
import process from "node:process";

/** `fn`, answering `fallback()` where the sandbox denies it. */
function quiet(fn, fallback) {
  return function (...args) {
    try {
      return fn.apply(this, args);
    } catch (error) {
      if (error && error.name === "NotCapable") return fallback(...args);
      throw error;
    }
  };
}

fs.existsSync = quiet(fs.existsSync, () => false);

const GIB = 1024 * 1024 * 1024;
const home = () => process.env.HOME ?? "/";
const cpus = () =>
  Array.from({ length: navigator.hardwareConcurrency || 1 }, () => ({
    model: "cpu",
    speed: 0,
    times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 },
  }));
const neutral = {
  hostname: () => "localhost",
  networkInterfaces: () => ({}),
  userInfo: () => ({ username: "probe", uid: 1000, gid: 1000, shell: null, homedir: home() }),
  homedir: home,
  release: () => "0.0.0",
  version: () => "#1 SMP",
  cpus,
  totalmem: () => GIB,
  freemem: () => GIB / 2,
  loadavg: () => [0, 0, 0],
  uptime: () => 0,
  getPriority: () => 0,
};
for (const [name, fallback] of Object.entries(neutral)) {
  if (typeof os[name] === "function") os[name] = quiet(os[name], fallback);
}
for (const name of ["getuid", "geteuid", "getgid", "getegid"]) {
  if (typeof process[name] === "function") process[name] = quiet(process[name], () => 1000);
}
