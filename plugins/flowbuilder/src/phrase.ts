/** Lower case with accents stripped: how the flow compares what people type ("Promoção" = "promocao"). */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Lower case, accents stripped, split on anything that is not a letter or digit. */
export function words(text: string): string[] {
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * The phrase appears in the message as whole words, in order, ignoring case and accents:
 * "promoção" matches "Quero a PROMOCAO!", "oi" does not match "boi".
 */
export function phraseMatches(phrase: string, message: string): boolean {
  const wanted = words(phrase);
  const said = words(message);
  if (!wanted.length || wanted.length > said.length) return false;
  for (let i = 0; i + wanted.length <= said.length; i++) {
    if (wanted.every((w, j) => said[i + j] === w)) return true;
  }
  return false;
}
