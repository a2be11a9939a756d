import type { OrderDetail } from "../../src/domain/checkout/order.ts";
import { formatMoney } from "../../src/domain/money.ts";

/** The order receipt email (issue 12), in the order's language (en, es, vi; English otherwise). */
type Lang = "en" | "es" | "vi";

const words: Record<
  Lang,
  {
    subject: (number: string) => string;
    hello: string;
    thanks: string;
    number: string;
    date: string;
    subtotal: string;
    shipping: string;
    discount: string;
    total: string;
    paid: string;
    view: string;
    storedValue: string;
    wallet: string;
    guest: string;
    /** Where the order's passes are, and how they are used (issue 34). */
    passOnCard: (card: string) => string;
    passInAccount: string;
  }
> = {
  en: {
    subject: (number) => `Your order ${number}`,
    hello: "Hello,",
    thanks: "Thank you for your order.",
    number: "Order number",
    date: "Date",
    subtotal: "Subtotal",
    shipping: "Shipping",
    discount: "Promo",
    total: "Total",
    paid: "Paid with",
    view: "See your order here:",
    storedValue: "Stored value",
    wallet: "Wallet",
    guest: "Keep this email: its link is the only way back to your order.",
    passOnCard: (card) => `Your pass is on the fare card ${card}: tap the card to ride.`,
    passInAccount:
      "Your pass is kept in your account: sign in and move it to a fare card or your phone from Passes.",
  },
  es: {
    subject: (number) => `Su pedido ${number}`,
    hello: "Hola:",
    thanks: "Gracias por su pedido.",
    number: "Número de pedido",
    date: "Fecha",
    subtotal: "Subtotal",
    shipping: "Envío",
    discount: "Promoción",
    total: "Total",
    paid: "Pagado con",
    view: "Vea su pedido aquí:",
    storedValue: "Saldo de la tarjeta",
    wallet: "Monedero",
    guest: "Guarde este correo: su enlace es la única forma de volver a su pedido.",
    passOnCard: (card) => `Su pase está en la tarjeta ${card}: acerque la tarjeta al lector para viajar.`,
    passInAccount:
      "Su pase se guarda en su cuenta: inicie sesión y páselo a una tarjeta o a su teléfono desde Pases.",
  },
  vi: {
    subject: (number) => `Đơn hàng ${number} của bạn`,
    hello: "Xin chào,",
    thanks: "Cảm ơn bạn đã đặt hàng.",
    number: "Số đơn hàng",
    date: "Ngày",
    subtotal: "Tạm tính",
    shipping: "Phí gửi",
    discount: "Khuyến mãi",
    total: "Tổng cộng",
    paid: "Thanh toán bằng",
    view: "Xem đơn hàng của bạn tại đây:",
    storedValue: "Số dư thẻ",
    wallet: "Ví",
    guest: "Hãy giữ email này: liên kết trong đó là cách duy nhất để quay lại đơn hàng.",
    passOnCard: (card) => `Vé của bạn nằm trên thẻ ${card}: chạm thẻ vào máy đọc để đi.`,
    passInAccount:
      "Vé của bạn được giữ trong tài khoản: đăng nhập và chuyển vé sang thẻ hoặc điện thoại trong mục Vé.",
  },
};

/** Card brands as riders read them (the API keeps card-validator's names: "visa", "american-express"). */
const brandNames: Readonly<Record<string, string>> = {
  visa: "Visa",
  mastercard: "Mastercard",
  "american-express": "American Express",
  discover: "Discover",
  jcb: "JCB",
  "diners-club": "Diners Club",
  unionpay: "UnionPay",
  maestro: "Maestro",
};

const langOf = (locale: string): Lang =>
  locale.startsWith("es") ? "es" : locale.startsWith("vi") ? "vi" : "en";

/** The receipt of a placed order: its lines, totals and legs, and the link back to it. */
export function composeReceipt(
  order: OrderDetail,
  locale: string,
  link: string,
  guest: boolean,
  hideZeroDecimals = false,
): { subject: string; body: string } {
  const lang = langOf(locale);
  const said = words[lang];
  const amount = (minor: number) =>
    formatMoney(minor, { currency: order.currency, locale: lang, hideZeroDecimals });
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(order.created_at),
  );
  const lines = order.items.map((item) => `${item.quantity} × ${item.name}  ${amount(item.line_total)}`);
  const legs = order.payments.map((payment) => {
    const brand =
      payment.kind === "stored_value"
        ? said.storedValue
        : payment.kind === "wallet"
          ? said.wallet
          : payment.brand
            ? (brandNames[payment.brand] ?? payment.brand)
            : null;
    const name = [brand, payment.last4 ? `•••• ${payment.last4}` : null].filter(Boolean).join(" ");
    return `${said.paid} ${name || payment.kind}: ${amount(payment.amount)}`;
  });
  const totals = [
    `${said.subtotal}: ${amount(order.subtotal)}`,
    ...(order.shipping > 0 || order.shipping_method ? [`${said.shipping}: ${amount(order.shipping)}`] : []),
    ...(order.discount > 0 ? [`${said.discount} ${order.promo_code ?? ""}: -${amount(order.discount)}`] : []),
    `${said.total}: ${amount(order.total)}`,
  ];
  const passes = order.items.some((item) => item.fulfilment === "pass" || item.fulfilment === "subscription");
  const card = order.fare_medium
    ? `•••• ${order.fare_medium.card_number.replace(/\D/g, "").slice(-4)}`
    : null;
  const where = passes ? [card ? said.passOnCard(card) : said.passInAccount, ""] : [];
  const body = [
    said.hello,
    "",
    said.thanks,
    "",
    `${said.number}: ${order.number}`,
    `${said.date}: ${date}`,
    "",
    ...lines,
    "",
    ...where,
    ...totals,
    ...legs,
    "",
    said.view,
    link,
    ...(guest ? ["", said.guest] : []),
  ].join("\n");
  return { subject: said.subject(order.number), body };
}
