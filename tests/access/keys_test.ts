import assert from "node:assert/strict";
import { KeyStore } from "../../src/access/keys.ts";

Deno.test("revoke() writes only over the record it read, and retries a lost race", async () => {
  const kv = await Deno.openKv(":memory:");
  const keys = new KeyStore(kv);
  const { record, secret } = await keys.create("pro", "Racy");
  // A rotation slips in between revoke's read and its commit, once.
  let raced = false;
  let rotated = "";
  const racing = new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== "atomic") return typeof value === "function" ? value.bind(target) : value;
      return () => {
        const op = target.atomic();
        const commit = op.commit.bind(op);
        op.commit = async () => {
          if (!raced) {
            raced = true;
            rotated = (await keys.rotate(record.id)).secret;
          }
          return commit();
        };
        return op;
      };
    },
  });
  const revoked = await new KeyStore(racing).revoke(record.id);
  assert.equal(raced, true);
  assert.equal(revoked.status, "revoked");
  // Neither the old nor the rotated secret works: the revocation covered the new hash too.
  await assert.rejects(keys.verify(secret), { code: "invalid_api_key" });
  await assert.rejects(keys.verify(rotated), { code: "invalid_api_key" });
  // A commit that never succeeds is reported, not claimed as done.
  const refusing = new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== "atomic") return typeof value === "function" ? value.bind(target) : value;
      return () => {
        const op = target.atomic();
        op.commit = () => Promise.resolve({ ok: false } as Deno.KvCommitError);
        return op;
      };
    },
  });
  const other = await keys.create("pro", "Stuck");
  await assert.rejects(new KeyStore(refusing).revoke(other.record.id), /Cannot revoke key/);
  assert.equal((await keys.get(other.record.id))!.status, "active");
  kv.close();
});
