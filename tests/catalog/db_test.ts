import assert from "node:assert/strict";
import { FtsStemmer, openCatalog } from "../../src/catalog/db.ts";

Deno.test("the serving connection has sqlite-vec loaded and extension loading off", () => {
  // Opened read-only, as the server opens the catalog.
  const db = openCatalog(":memory:");
  assert.match(String((db.prepare("SELECT vec_version() AS v").get() as { v: string }).v), /^v/);
  // From SQL (an injected call) ...
  assert.throws(
    () => db.prepare("SELECT load_extension('/tmp/toolatlas-no-such-lib.so')").get(),
    /not authorized/,
  );
  // ... and from code holding the handle.
  assert.throws(
    () => db.loadExtension("/tmp/toolatlas-no-such-lib.so"),
    /Cannot load an extension: loading is off on this connection/,
  );
  db.close();
  // The writer's connection is the same.
  const writable = openCatalog(":memory:", { readOnly: false });
  assert.throws(() => writable.loadExtension("/tmp/x.so"), /loading is off/);
  writable.close();
});

Deno.test("FtsStemmer gives the index terms of the catalog's tokenizer", () => {
  const stemmer = new FtsStemmer();
  try {
    assert.deepEqual(stemmer.terms("debugging"), ["debug"]);
    assert.deepEqual(stemmer.terms("ios"), ["io"]);
    assert.deepEqual(stemmer.terms("Généré"), ["gener"]);
    assert.deepEqual(stemmer.terms("generation"), stemmer.terms("generate"));
    assert.deepEqual(stemmer.terms("--"), []);
    assert.deepEqual(stemmer.terms("two words"), ["two", "word"]);
  } finally {
    stemmer.close();
  }
});
