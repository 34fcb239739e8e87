/** Han, kana, hangul and CJK punctuation-free ideographs: each character is one word of its own. */
const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** A run of letters or digits of any other script (with inner apostrophes and hyphens) is one word. */
const OTHER_WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Words as a reader counts them: every CJK character counts one, plus the words of other scripts. */
export function countWords(text: string): number {
  const cjk = text.match(CJK_CHARACTER)?.length ?? 0;
  const rest = text.replace(CJK_CHARACTER, ' ').match(OTHER_WORD)?.length ?? 0;
  return cjk + rest;
}
