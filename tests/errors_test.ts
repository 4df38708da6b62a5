import assert from "node:assert/strict";
import { HTTPException } from "hono/http-exception";
import { AppError, toAppError } from "../src/errors.ts";
import { httpAppError } from "../src/http/errors.ts";

Deno.test("toAppError passes an AppError through unchanged", () => {
  const error = new AppError("not_found", "No such tool");
  assert.equal(toAppError(error), error);
});

Deno.test("httpAppError gives Hono's HTTPException the code of its status and keeps its message", () => {
  for (
    const [status, code] of [
      [400, "invalid_parameter"],
      [413, "payload_too_large"],
      [415, "unsupported_media_type"],
      [503, "internal_error"],
    ] as const
  ) {
    const mapped = httpAppError(new HTTPException(status, { message: `status ${status}` }));
    assert.equal(mapped.code, code, String(status));
    assert.equal(mapped.message, `status ${status}`);
  }
});

Deno.test("toAppError and httpAppError hide any other error behind internal_error, even one carrying a status", () => {
  const leaky = Object.assign(new Error("upstream said: secret detail"), { status: 403 });
  for (const error of [leaky, new TypeError("x"), "a string", undefined]) {
    assert.deepEqual(httpAppError(error), toAppError(error));
    const mapped = toAppError(error);
    assert.equal(mapped.code, "internal_error");
    assert.equal(mapped.message, "The server could not complete the request");
  }
});
