/**
 * The alerts a rider gets (issue 35), in their language (en, es, vi; English otherwise): a low balance
 * on a card, and a change to the account's security. Each has an email and a short text.
 */
type Lang = "en" | "es" | "vi";

export type SecurityChange = "password" | "email" | "twoFactorOn" | "twoFactorOff";

const langOf = (locale: string): Lang =>
  locale.startsWith("es") ? "es" : locale.startsWith("vi") ? "vi" : "en";

const lowBalance: Record<
  Lang,
  {
    subject: string;
    body: (name: string, card: string, balance: string, below: string, link: string) => string;
    text: (card: string, balance: string) => string;
  }
> = {
  en: {
    subject: "Your card's balance is low",
    body: (name, card, balance, below, link) =>
      `Hello ${name},\n\nYour card "${card}" has ${balance} left, under the ${below} you asked to be told about.\n\nAdd value or set up an autoload here:\n${link}\n\nChoose which alerts you get under Account, Notifications.`,
    text: (card, balance) => `Metro Transit: your card "${card}" has ${balance} left.`,
  },
  es: {
    subject: "El saldo de su tarjeta es bajo",
    body: (name, card, balance, below, link) =>
      `Hola, ${name}:\n\nA su tarjeta "${card}" le quedan ${balance}, menos de los ${below} sobre los que pidió un aviso.\n\nAñada saldo o configure una recarga automática aquí:\n${link}\n\nElija qué avisos recibe en Cuenta, Notificaciones.`,
    text: (card, balance) => `Metro Transit: a su tarjeta "${card}" le quedan ${balance}.`,
  },
  vi: {
    subject: "Số dư thẻ của bạn sắp hết",
    body: (name, card, balance, below, link) =>
      `Xin chào ${name},\n\nThẻ "${card}" của bạn còn ${balance}, dưới mức ${below} bạn muốn được báo.\n\nNạp thêm tiền hoặc cài đặt tự động nạp tại đây:\n${link}\n\nChọn các thông báo bạn nhận trong Tài khoản, Thông báo.`,
    text: (card, balance) => `Metro Transit: thẻ "${card}" của bạn còn ${balance}.`,
  },
};

const changes: Record<Lang, Record<SecurityChange, string>> = {
  en: {
    password: "Your password was changed.",
    email: "Your account's email was changed.",
    twoFactorOn: "Two-factor authentication was turned on for your account.",
    twoFactorOff: "Two-factor authentication was turned off for your account.",
  },
  es: {
    password: "Se cambió su contraseña.",
    email: "Se cambió el correo electrónico de su cuenta.",
    twoFactorOn: "Se activó la autenticación de dos factores en su cuenta.",
    twoFactorOff: "Se desactivó la autenticación de dos factores en su cuenta.",
  },
  vi: {
    password: "Mật khẩu của bạn đã được thay đổi.",
    email: "Email của tài khoản bạn đã được thay đổi.",
    twoFactorOn: "Xác thực hai yếu tố đã được bật cho tài khoản của bạn.",
    twoFactorOff: "Xác thực hai yếu tố đã được tắt cho tài khoản của bạn.",
  },
};

const security: Record<
  Lang,
  { subject: string; body: (name: string, change: string, link: string) => string }
> = {
  en: {
    subject: "A change to your account's security",
    body: (name, change, link) =>
      `Hello ${name},\n\n${change}\n\nIf it was you, there is nothing to do. If it was not, reset your password now and check your account:\n${link}`,
  },
  es: {
    subject: "Un cambio en la seguridad de su cuenta",
    body: (name, change, link) =>
      `Hola, ${name}:\n\n${change}\n\nSi fue usted, no tiene que hacer nada. Si no fue usted, restablezca su contraseña ahora y revise su cuenta:\n${link}`,
  },
  vi: {
    subject: "Thay đổi về bảo mật tài khoản của bạn",
    body: (name, change, link) =>
      `Xin chào ${name},\n\n${change}\n\nNếu đó là bạn, bạn không cần làm gì. Nếu không phải, hãy đặt lại mật khẩu ngay và kiểm tra tài khoản:\n${link}`,
  },
};

/** The low-balance email and text; amounts already written in the rider's language. */
export function composeLowBalance(
  locale: string,
  name: string,
  card: string,
  balance: string,
  below: string,
  link: string,
): { subject: string; body: string; text: string } {
  const words = lowBalance[langOf(locale)];
  return {
    subject: words.subject,
    body: words.body(name, card, balance, below, link),
    text: words.text(card, balance),
  };
}

/** The security-change email and text. */
export function composeSecurityChange(
  locale: string,
  name: string,
  change: SecurityChange,
  link: string,
): { subject: string; body: string; text: string } {
  const lang = langOf(locale);
  const what = changes[lang][change];
  return {
    subject: security[lang].subject,
    body: security[lang].body(name, what, link),
    text: `Metro Transit: ${what}`,
  };
}

const passEnding: Record<
  Lang,
  {
    subject: string;
    body: (name: string, pass: string, where: string, ends: string, link: string) => string;
    text: (pass: string, ends: string) => string;
    where: (card: string | null) => string;
  }
> = {
  en: {
    subject: "Your pass ends soon",
    where: (card) => (card === null ? "kept in your account" : `on your card "${card}"`),
    body: (name, pass, where, ends, link) =>
      `Hello ${name},\n\nYour ${pass}, ${where}, ends on ${ends}.\n\nBuy the next one or turn on auto-renew here:\n${link}`,
    text: (pass, ends) => `Metro Transit: your ${pass} ends on ${ends}.`,
  },
  es: {
    subject: "Su pase termina pronto",
    where: (card) => (card === null ? "guardado en su cuenta" : `en su tarjeta "${card}"`),
    body: (name, pass, where, ends, link) =>
      `Hola, ${name}:\n\nSu ${pass}, ${where}, termina el ${ends}.\n\nCompre el siguiente o active la renovación automática aquí:\n${link}`,
    text: (pass, ends) => `Metro Transit: su ${pass} termina el ${ends}.`,
  },
  vi: {
    subject: "Vé của bạn sắp hết hạn",
    where: (card) => (card === null ? "lưu trong tài khoản của bạn" : `trên thẻ "${card}" của bạn`),
    body: (name, pass, where, ends, link) =>
      `Xin chào ${name},\n\n${pass} ${where} hết hạn vào ${ends}.\n\nMua vé tiếp theo hoặc bật tự động gia hạn tại đây:\n${link}`,
    text: (pass, ends) => `Metro Transit: ${pass} của bạn hết hạn vào ${ends}.`,
  },
};

const renewalSoon: Record<
  Lang,
  {
    subject: string;
    body: (name: string, product: string, card: string, on: string, price: string, link: string) => string;
    text: (product: string, on: string, price: string) => string;
  }
> = {
  en: {
    subject: "Your auto-renewal is coming up",
    body: (name, product, card, on, price, link) =>
      `Hello ${name},\n\nYour ${product} on your card "${card}" renews on ${on} for ${price}.\n\nTo change or stop it:\n${link}`,
    text: (product, on, price) => `Metro Transit: your ${product} renews on ${on} for ${price}.`,
  },
  es: {
    subject: "Se acerca su renovación automática",
    body: (name, product, card, on, price, link) =>
      `Hola, ${name}:\n\nSu ${product} en su tarjeta "${card}" se renueva el ${on} por ${price}.\n\nPara cambiarla o detenerla:\n${link}`,
    text: (product, on, price) => `Metro Transit: su ${product} se renueva el ${on} por ${price}.`,
  },
  vi: {
    subject: "Sắp đến lần tự động gia hạn",
    body: (name, product, card, on, price, link) =>
      `Xin chào ${name},\n\n${product} trên thẻ "${card}" của bạn sẽ gia hạn vào ${on} với giá ${price}.\n\nĐể thay đổi hoặc dừng:\n${link}`,
    text: (product, on, price) => `Metro Transit: ${product} của bạn gia hạn vào ${on} với giá ${price}.`,
  },
};

/** The pass-ending email and text; `card` is the card's nickname, or null for a pass kept in the account. */
export function composePassEnding(
  locale: string,
  name: string,
  pass: string,
  card: string | null,
  ends: string,
  link: string,
): { subject: string; body: string; text: string } {
  const words = passEnding[langOf(locale)];
  return {
    subject: words.subject,
    body: words.body(name, pass, words.where(card), ends, link),
    text: words.text(pass, ends),
  };
}

/** The auto-renewal-soon email and text. */
export function composeRenewalSoon(
  locale: string,
  name: string,
  product: string,
  card: string,
  on: string,
  price: string,
  link: string,
): { subject: string; body: string; text: string } {
  const words = renewalSoon[langOf(locale)];
  return {
    subject: words.subject,
    body: words.body(name, product, card, on, price, link),
    text: words.text(product, on, price),
  };
}
