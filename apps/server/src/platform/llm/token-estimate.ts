/**
 * A rough, generous count of a text's tokens, to refuse a message the model could never read
 * (2003) before spending points: Chinese, Japanese and Korean characters count one each, other text
 * one per four characters. Providers count exactly; this only catches what is far too long.
 */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu;

export function estimateTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}
