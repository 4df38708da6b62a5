import assert from "node:assert/strict";
import { directionsOf, isInverse, mediumOf } from "../../src/catalog/direction.ts";

Deno.test("directionsOf reads 'A to B', 'A2B', 'turn A into B' and 'B from A'", () => {
  const text_image = [{ from: "text", to: "image" }];
  assert.deepEqual(directionsOf("generate images from text prompts"), text_image);
  assert.deepEqual(directionsOf("Text-to-image generator"), text_image);
  assert.deepEqual(directionsOf("text2image"), text_image);
  assert.deepEqual(directionsOf("Img2prompt"), [{ from: "image", to: "text" }]);
  assert.deepEqual(directionsOf("Get prompts from images"), [{ from: "image", to: "text" }]);
  assert.deepEqual(directionsOf("turn your photos into a video"), [{ from: "image", to: "video" }]);
  assert.deepEqual(directionsOf("speech → text"), [{ from: "audio", to: "text" }]);
  assert.deepEqual(directionsOf("make a video out of my photos"), [
    { from: "image", to: "video" },
  ]);
});

Deno.test("directionsOf finds nothing without a conversion between two media", () => {
  assert.deepEqual(directionsOf("an image editor"), []);
  assert.deepEqual(directionsOf("a logo from a sketch"), []); // both images
  assert.deepEqual(directionsOf("send emails to my team"), []);
  assert.equal(mediumOf("photos"), "image");
  assert.equal(mediumOf("team"), undefined);
});

Deno.test("isInverse: the entry converts the other way only", () => {
  const want = directionsOf("generate images from text prompts");
  assert.equal(isInverse(want, directionsOf("Img2prompt: get prompts from images")), true);
  assert.equal(isInverse(want, directionsOf("Text to image and image to text")), false);
  assert.equal(isInverse(want, directionsOf("An image editor")), false);
  assert.equal(isInverse([], directionsOf("Img2prompt")), false);
});
