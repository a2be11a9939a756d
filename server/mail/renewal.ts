import { langOf } from "./autoload.ts";

/**
 * The email a rider gets when an auto-renewed pass could not renew (issue 13): auto-renew is off for
 * it now, and the card's page turns it on again. In the rider's language (en, es, vi; English otherwise).
 */
type Lang = "en" | "es" | "vi";

const texts: Record<
  Lang,
  {
    subject: string;
    body: (name: string, pass: string, card: string, reason: string, link: string) => string;
  }
> = {
  en: {
    subject: "Your pass did not renew",
    body: (name, pass, card, reason, link) =>
      `Hello ${name},\n\nWe could not renew "${pass}" on your card "${card}", so auto-renew is now off for it: ${reason}\n\nYou can buy it again or turn auto-renew back on from your card's page:\n${link}`,
  },
  es: {
    subject: "Su pase no se renovó",
    body: (name, pass, card, reason, link) =>
      `Hola, ${name}:\n\nNo pudimos renovar "${pass}" en su tarjeta "${card}", así que su renovación automática está desactivada: ${reason}\n\nPuede comprarlo de nuevo o volver a activar la renovación automática en la página de su tarjeta:\n${link}`,
  },
  vi: {
    subject: "Vé của bạn chưa được gia hạn",
    body: (name, pass, card, reason, link) =>
      `Xin chào ${name},\n\nChúng tôi không thể gia hạn "${pass}" trên thẻ "${card}" của bạn nên tự động gia hạn đã tắt: ${reason}\n\nBạn có thể mua lại hoặc bật lại tự động gia hạn trên trang thẻ của bạn:\n${link}`,
  },
};

/** Why a renewal could not happen, in the rider's language. */
const renewalFailures = {
  declined: {
    en: "Your payment method was declined.",
    es: "Su método de pago fue rechazado.",
    vi: "Phương thức thanh toán của bạn đã bị từ chối.",
  },
  noMethod: {
    en: "No saved payment method is set to pay for it.",
    es: "No hay un método de pago guardado para pagarlo.",
    vi: "Chưa có phương thức thanh toán đã lưu để trả cho vé này.",
  },
  cardUnavailable: {
    en: "The fare card is blocked or no longer on your account.",
    es: "La tarjeta de transporte está bloqueada o ya no está en su cuenta.",
    vi: "Thẻ đi xe đã bị khóa hoặc không còn trong tài khoản của bạn.",
  },
  productUnavailable: {
    en: "The pass is no longer sold.",
    es: "El pase ya no está a la venta.",
    vi: "Vé này không còn được bán.",
  },
  refused: {
    en: "The purchase could not be placed.",
    es: "No se pudo realizar la compra.",
    vi: "Không thể thực hiện giao dịch mua.",
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type RenewalFailure = keyof typeof renewalFailures;

export function composeRenewalFailed(
  locale: string,
  name: string,
  pass: string,
  card: string,
  reason: RenewalFailure,
  link: string,
): { subject: string; body: string } {
  const lang = langOf(locale);
  const text = texts[lang];
  return { subject: text.subject, body: text.body(name, pass, card, renewalFailures[reason][lang], link) };
}
