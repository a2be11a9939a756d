/** The email a rider gets when an autoload paused (issue 13), in their language (en, es, vi; English otherwise). */
type Lang = "en" | "es" | "vi";

const texts: Record<
  Lang,
  {
    subject: string;
    /** Where the value was to go: the card by its nickname, or the wallet (null). */
    where: (card: string | null) => string;
    body: (name: string, where: string, reason: string, link: string) => string;
  }
> = {
  en: {
    subject: "Your autoload is paused",
    where: (card) => (card === null ? "your wallet" : `your card "${card}"`),
    body: (name, where, reason, link) =>
      `Hello ${name},\n\nWe could not add value to ${where}, so its autoload is paused: ${reason}\n\nCheck your payment method and save the autoload again here:\n${link}`,
  },
  es: {
    subject: "Su recarga automática está en pausa",
    where: (card) => (card === null ? "su billetera" : `su tarjeta "${card}"`),
    body: (name, where, reason, link) =>
      `Hola, ${name}:\n\nNo pudimos añadir saldo a ${where}, así que su recarga automática está en pausa: ${reason}\n\nRevise su método de pago y vuelva a guardar la recarga automática aquí:\n${link}`,
  },
  vi: {
    subject: "Tự động nạp tiền của bạn đã tạm dừng",
    where: (card) => (card === null ? "ví của bạn" : `thẻ "${card}" của bạn`),
    body: (name, where, reason, link) =>
      `Xin chào ${name},\n\nChúng tôi không thể nạp tiền vào ${where} nên tự động nạp tiền đã tạm dừng: ${reason}\n\nHãy kiểm tra phương thức thanh toán và lưu lại tự động nạp tiền tại đây:\n${link}`,
  },
};

/** Why an autoload paused, in the rider's language. */
export const pausedReasons = {
  declined: {
    en: "Your payment method was declined.",
    es: "Su método de pago fue rechazado.",
    vi: "Phương thức thanh toán của bạn đã bị từ chối.",
  },
  methodRemoved: {
    en: "The payment method is no longer available.",
    es: "El método de pago ya no está disponible.",
    vi: "Phương thức thanh toán không còn khả dụng.",
  },
  refused: {
    en: "The load could not be placed.",
    es: "No se pudo realizar la recarga.",
    vi: "Không thể thực hiện nạp tiền.",
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type PausedReason = keyof typeof pausedReasons;

export function langOf(locale: string): Lang {
  return locale.startsWith("es") ? "es" : locale.startsWith("vi") ? "vi" : "en";
}

/** The paused email; `card` is the card's nickname, or null for the rider's wallet. */
export function composeAutoloadPaused(
  locale: string,
  name: string,
  card: string | null,
  reason: PausedReason,
  link: string,
): { subject: string; body: string } {
  const lang = langOf(locale);
  const text = texts[lang];
  return {
    subject: text.subject,
    body: text.body(name, text.where(card), pausedReasons[reason][lang], link),
  };
}
