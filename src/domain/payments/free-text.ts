import luhn10 from "card-validator/dist/luhn-10.js";

const decimalDigit = /\p{Nd}/u;

/**
 * A digit of any script as its ASCII digit. Unicode encodes every decimal digit (category Nd) in runs
 * of ten, 0 to 9 in order, so a digit's value is how many digits come right before it in its run,
 * modulo ten (some runs follow one another, as the mathematical digits do).
 */
function asciiDigit(char: string): string {
  const point = char.codePointAt(0) ?? 0;
  if (point >= 0x30 && point <= 0x39) return char;
  let before = 0;
  while (decimalDigit.test(String.fromCodePoint(point - before - 1))) before++;
  return String(before % 10);
}

/**
 * The runs of digits in a text, after Unicode NFKC (full-width digits become ASCII) and with digits
 * of every script read as ASCII: "٤٢٤٢ 4242" is ["4242", "4242"].
 */
function digitGroups(text: string): string[] {
  const groups: string[] = [];
  let current = "";
  for (const char of text.normalize("NFKC")) {
    if (decimalDigit.test(char)) {
      current += asciiDigit(char);
    } else if (current !== "") {
      groups.push(current);
      current = "";
    }
  }
  if (current !== "") groups.push(current);
  return groups;
}

/**
 * Whether free text a rider typed (a nickname, an address line) holds what looks like a card number:
 * 13 to 19 digits passing Luhn, made of whole runs of digits one after another, whatever stands
 * between them (spaces of any width, dots, slashes, dashes, letters, zero-width characters) and in
 * whatever script the digits are written (issue 48, item 3). Such text is refused on both sides, never
 * stored nor echoed: a nickname is no place for the number itself. The portal checks it before
 * sending; the server refuses it whatever sends it.
 */
export function containsCardNumber(text: string): boolean {
  const groups = digitGroups(text);
  for (let first = 0; first < groups.length; first++) {
    let digits = "";
    for (let last = first; last < groups.length && digits.length < 19; last++) {
      digits += groups[last];
      if (digits.length >= 13 && digits.length <= 19 && luhn10(digits)) return true;
    }
  }
  return false;
}
