/**
 * The fake provider's embeddings (`POST /v1/embeddings`, OpenAI's format): deterministic vectors made
 * from the text itself, so tests and the benchmark need no model. Each word of a spaced script, its
 * English ending cut off as a crude stemmer would ("invoices" and "invoice" are one term, which
 * full-text search tells apart), and each pair of neighbouring CJK letters is hashed to one of `FAKE_EMBEDDING_DIMENSIONS` dimensions
 * (with a sign from the hash), and the sum is scaled to length 1: texts sharing words lie near each
 * other, texts sharing none are about orthogonal. A model key holding `fail` answers HTTP 500, and one
 * holding `dim<N>` (`test-embed-dim64`) makes vectors of N dimensions.
 */

export const FAKE_EMBEDDING_DIMENSIONS = 256;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

const stemOf = (word: string) => (word.length > 4 ? word.replace(/(ing|ed|s)$/, '').replace(/e$/, '') : word);

/** Lower-cased words of spaced scripts and CJK bigrams (a lone CJK letter stands for itself). */
export function fakeEmbeddingTerms(text: string): string[] {
  const terms: string[] = [];
  for (const run of text
    .normalize('NFKC')
    .toLowerCase()
    .matchAll(/[\p{L}\p{N}]+/gu)) {
    const letters = Array.from(run[0]);
    let word = '';
    for (let i = 0; i < letters.length; i++) {
      const letter = letters[i] as string;
      if (!CJK.test(letter)) {
        word += letter;
        continue;
      }
      if (word) terms.push(stemOf(word));
      word = '';
      const next = letters[i + 1];
      if (next && CJK.test(next)) terms.push(letter + next);
      else if (!(i > 0 && CJK.test(letters[i - 1] as string))) terms.push(letter);
    }
    if (word) terms.push(stemOf(word));
  }
  return terms;
}

/** FNV-1a, 32 bits. */
function hashOf(term: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) {
    hash ^= term.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const term of fakeEmbeddingTerms(text)) {
    const hash = hashOf(term);
    vector[hash % dimensions]! += hash & 0x80000000 ? -1 : 1;
  }
  const length = Math.hypot(...vector);
  // An empty text still gets a vector of length 1, as real models give one.
  if (length === 0) vector[0] = 1;
  return vector.map((value) => (length === 0 ? value : Math.round((value / length) * 1e6) / 1e6));
}

export const fakeEmbeddingDimensionsOf = (modelKey: string) =>
  Number(/dim(\d+)/.exec(modelKey)?.[1] ?? FAKE_EMBEDDING_DIMENSIONS);

/** The answer to an embeddings request `{ model, input }`, or an error to send. */
export function fakeEmbeddingsAnswer(body: { model?: unknown; input?: unknown }) {
  const inputs = typeof body.input === 'string' ? [body.input] : body.input;
  if (!Array.isArray(inputs) || inputs.some((input) => typeof input !== 'string')) {
    return { status: 400, message: 'input: a string or an array of strings is required' };
  }
  const model = String(body.model ?? '');
  const dimensions = fakeEmbeddingDimensionsOf(model);
  return {
    status: 200,
    body: {
      object: 'list',
      model,
      data: (inputs as string[]).map((input, index) => ({
        object: 'embedding',
        index,
        embedding: fakeEmbedding(input, dimensions),
      })),
      usage: {
        prompt_tokens: (inputs as string[]).reduce((sum, input) => sum + input.length, 0),
        total_tokens: (inputs as string[]).reduce((sum, input) => sum + input.length, 0),
      },
    },
  };
}
