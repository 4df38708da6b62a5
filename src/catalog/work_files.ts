/**
 * Work files a process leaves when it is killed: the catalog writer's `catalog.db.tmp-<pid>` and
 * the snapshot code's `.snapshot-*` folders and `.toolatlas-snapshot-*.tmp` archives. Each is held
 * under an exclusive lock (`flock`) by the process writing it, and the kernel drops a lock when its
 * process dies, so a start can tell a leftover (its lock is free) from the work of a live process
 * (its lock is held), without process ids or `/proc` (which Deno's permissions keep from a server).
 *
 * - A file is its own lock: {@link holdWorkLock} on the file itself.
 * - A folder holds its lock in `<folder>/.lock`; a folder without one is a leftover only when it
 *   is older than {@link UNLOCKED_GRACE_MS} (its maker may be between creating it and locking it).
 *
 * @module
 */

/** Name of the lock file inside a work folder. */
export const WORK_LOCK = ".lock";

/** Age after which a work folder without a lock file counts as left over, milliseconds. */
export const UNLOCKED_GRACE_MS = 60_000;

/**
 * Creates (or opens) `path` and takes an exclusive lock on it, held until the returned file is
 * closed (or the process ends).
 *
 * @example
 * ```ts
 * using _lock = await holdWorkLock(`${tmp}`); // the catalog writer's temporary file
 * ```
 *
 * @param path the work file, or a work folder's {@link WORK_LOCK}
 * @returns the open, locked file (close it, or `using` it, to release the lock)
 * @throws {Deno.errors.PermissionDenied} when the file cannot be created
 */
export async function holdWorkLock(path: string): Promise<Deno.FsFile> {
  const file = await Deno.open(path, { read: true, write: true, create: true });
  try {
    await file.lock(true);
  } catch (error) {
    file.close();
    throw error;
  }
  return file;
}

/** True when nobody holds the lock on `path` (it is taken and dropped to find out). */
async function _unlocked(path: string): Promise<boolean> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path, { read: true, write: true });
  } catch {
    return false;
  }
  try {
    return await file.tryLock(true);
  } finally {
    file.close();
  }
}

/**
 * Removes the left-over work files and folders in `dir` whose names `matches` accepts: files whose
 * lock is free, folders whose `.lock` is free (or that have none and are older than
 * {@link UNLOCKED_GRACE_MS}). The work of live processes is kept. Never throws for what it finds.
 *
 * @example
 * ```ts
 * await removeLeftovers("data", (name) => name.startsWith("catalog.db.tmp-"));
 * ```
 *
 * @param dir the folder to look in (missing: nothing to do)
 * @param matches which entry names are work files
 * @param now the current time, ms since the epoch (tests)
 * @returns the names removed
 */
export async function removeLeftovers(
  dir: string,
  matches: (name: string) => boolean,
  now: number = Date.now(),
): Promise<string[]> {
  const removed: string[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(dir));
  } catch {
    return removed;
  }
  for (const entry of entries) {
    if (!matches(entry.name)) continue;
    const path = `${dir}/${entry.name}`;
    try {
      if (entry.isFile) {
        if (!await _unlocked(path)) continue;
      } else if (entry.isDirectory) {
        const lock = `${path}/${WORK_LOCK}`;
        const hasLock = await Deno.stat(lock).then(() => true, () => false);
        if (
          hasLock ? !await _unlocked(lock) : now - _mtime(await Deno.stat(path)) < UNLOCKED_GRACE_MS
        ) {
          continue;
        }
      } else continue;
      await Deno.remove(path, { recursive: true });
      removed.push(entry.name);
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
  return removed;
}

function _mtime(info: Deno.FileInfo): number {
  return info.mtime?.getTime() ?? 0;
}

/**
 * Removes the work files that killed runs left next to a catalog: the writer's
 * `<catalog>.tmp-<pid>` files and the snapshot installs' `.snapshot-*` folders (see
 * {@link removeLeftovers}); `serve` calls it at start.
 *
 * @example
 * ```ts
 * await removeCatalogLeftovers("data/catalog.db"); // ["catalog.db.tmp-4242", ".snapshot-x1y2"]
 * ```
 *
 * @param catalogPath the catalog, e.g. `data/catalog.db`
 * @returns the names removed
 */
export function removeCatalogLeftovers(catalogPath: string): Promise<string[]> {
  const slash = catalogPath.lastIndexOf("/");
  const dir = slash === -1 ? "." : catalogPath.slice(0, slash) || "/";
  const base = catalogPath.slice(slash + 1);
  return removeLeftovers(
    dir,
    (name) => name.startsWith(`${base}.tmp-`) || name.startsWith(".snapshot-"),
  );
}
