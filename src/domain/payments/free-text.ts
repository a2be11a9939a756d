import luhn10 from "card-validator/dist/luhn-10.js";

/**
 * Whether free text a rider typed (a nickname, an address line) holds what looks like a card number:
 * 13 to 19 digits passing Luhn, written together or in groups split by spaces or dashes
 * ("4242 4242 4242 4242"), among other groups or not. Such text is refused on both sides, never
 * stored nor echoed: a nickname is no place for the number itself. The portal checks it before
 * sending; the server refuses it whatever sends it.
 */
export function containsCardNumber(text: string): boolean {
  for (const run of text.matchAll(/\d+(?:[ -]+\d+)*/g)) {
    const groups = run[0].split(/[ -]+/);
    for (let first = 0; first < groups.length; first++) {
      let digits = "";
      for (let last = first; last < groups.length && digits.length < 19; last++) {
        digits += groups[last];
        if (digits.length >= 13 && digits.length <= 19 && luhn10(digits)) return true;
      }
    }
  }
  return false;
}
