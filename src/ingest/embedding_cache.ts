/**
 * A persistent cache of embeddings keyed by model id and content hash, so a rebuild embeds only
 * entries whose text changed. Stored in its own SQLite file (default `data/embed-cache.db`,
 * `TOOLATLAS_EMBED_CACHE` overrides), separate from the catalog, which is rebuilt from scratch.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { DatabaseSync } from "node:sqlite";

/** SHA-256 of a text, hex; the cache key together with the model id. */
export function contentHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Vectors by content hash for one model. */
export class EmbeddingCache {
  #db: DatabaseSync;
  #model: string;
  #get;
  #put;

  /**
   * Opens (or creates) the cache file.
   *
   * @param path file path, or `:memory:`
   * @param model embedder id; entries of other models are ignored
   * @throws {Error} when the file cannot be opened
   */
  constructor(path: string, model: string) {
    this.#db = new DatabaseSync(path);
    this.#db.exec(
      `PRAGMA busy_timeout = 30000;
       PRAGMA journal_mode = WAL;
       CREATE TABLE IF NOT EXISTS embeddings (
         model TEXT NOT NULL, hash TEXT NOT NULL, vector BLOB NOT NULL, PRIMARY KEY (model, hash)
       ) WITHOUT ROWID;`,
    );
    this.#model = model;
    this.#get = this.#db.prepare("SELECT vector FROM embeddings WHERE model = ? AND hash = ?");
    this.#put = this.#db.prepare(
      "INSERT OR REPLACE INTO embeddings (model, hash, vector) VALUES (?, ?, ?)",
    );
  }

  /** The cached vector for a content hash, or `undefined`. */
  get(hash: string): Float32Array | undefined {
    const row = this.#get.get(this.#model, hash) as { vector: Uint8Array } | undefined;
    if (!row) return undefined;
    const bytes = row.vector;
    return new Float32Array(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    );
  }

  /** Stores many vectors in one transaction. */
  putMany(entries: [hash: string, vector: Float32Array][]): void {
    this.#db.exec("BEGIN");
    try {
      for (const [hash, v] of entries) {
        this.#put.run(this.#model, hash, new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
      }
      this.#db.exec("COMMIT");
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    }
  }

  /** Closes the file. */
  close(): void {
    this.#db.close();
  }
}
