/** The email a rider gets when an autoload paused (issue 13), in their language (en, es, vi; English otherwise). */
type Lang = "en" | "es" | "vi";

const texts: Record<
  Lang,
  { subject: string; body: (name: string, card: string, reason: string, link: string) => string }
> = {
  en: {
    subject: "Your autoload is paused",
    body: (name, card, reason, link) =>
      `Hello ${name},\n\nWe could not add value to your card "${card}", so its autoload is paused: ${reason}\n\nCheck your payment method and save the autoload again here:\n${link}`,
  },
  es: {
    subject: "Su recarga automática está en pausa",
    body: (name, card, reason, link) =>
      `Hola, ${name}:\n\nNo pudimos añadir saldo a su tarjeta "${card}", así que su recarga automática está en pausa: ${reason}\n\nRevise su método de pago y vuelva a guardar la recarga automática aquí:\n${link}`,
  },
  vi: {
    subject: "Tự động nạp tiền của bạn đã tạm dừng",
    body: (name, card, reason, link) =>
      `Xin chào ${name},\n\nChúng tôi không thể nạp tiền vào thẻ "${card}" của bạn nên tự động nạp tiền đã tạm dừng: ${reason}\n\nHãy kiểm tra phương thức thanh toán và lưu lại tự động nạp tiền tại đây:\n${link}`,
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

export function composeAutoloadPaused(
  locale: string,
  name: string,
  card: string,
  reason: PausedReason,
  link: string,
): { subject: string; body: string } {
  const lang = langOf(locale);
  const text = texts[lang];
  return { subject: text.subject, body: text.body(name, card, pausedReasons[reason][lang], link) };
}
