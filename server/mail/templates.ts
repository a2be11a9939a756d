/** The emails the accounts service sends, in the rider's language (en, es, vi; English otherwise). */
type Lang = "en" | "es" | "vi";
type Template = { subject: string; body: (link: string, name: string) => string };

const templates: Record<
  "confirmEmail" | "resetPassword" | "accountExists" | "invite",
  Record<Lang, Template>
> = {
  invite: {
    en: {
      subject: "You are invited to ride with us",
      body: (link, name) =>
        `Hello ${name},

You are invited to open a rider account. Choose your password here:
${link}

The invite works once and expires in 7 days.`,
    },
    es: {
      subject: "Le invitamos a viajar con nosotros",
      body: (link, name) =>
        `Hola, ${name}:

Le invitamos a abrir una cuenta de pasajero. Elija su contraseña aquí:
${link}

La invitación funciona una sola vez y vence en 7 días.`,
    },
    vi: {
      subject: "Mời bạn tham gia cùng chúng tôi",
      body: (link, name) =>
        `Xin chào ${name},

Bạn được mời mở tài khoản hành khách. Hãy chọn mật khẩu tại đây:
${link}

Lời mời chỉ dùng được một lần và hết hạn sau 7 ngày.`,
    },
  },
  confirmEmail: {
    en: {
      subject: "Confirm your email",
      body: (link, name) =>
        `Hello ${name},\n\nConfirm your email address to finish setting up your account:\n${link}\n\nThe link works once and expires in 48 hours.`,
    },
    es: {
      subject: "Confirme su correo electrónico",
      body: (link, name) =>
        `Hola, ${name}:\n\nConfirme su correo electrónico para terminar de configurar su cuenta:\n${link}\n\nEl enlace funciona una sola vez y vence en 48 horas.`,
    },
    vi: {
      subject: "Xác nhận email của bạn",
      body: (link, name) =>
        `Xin chào ${name},\n\nHãy xác nhận địa chỉ email để hoàn tất việc tạo tài khoản:\n${link}\n\nLiên kết chỉ dùng được một lần và hết hạn sau 48 giờ.`,
    },
  },
  resetPassword: {
    en: {
      subject: "Reset your password",
      body: (link, name) =>
        `Hello ${name},\n\nSomeone asked to reset the password of your account. If it was you, choose a new password here:\n${link}\n\nThe link works once and expires in 30 minutes. If it was not you, ignore this email.`,
    },
    es: {
      subject: "Restablezca su contraseña",
      body: (link, name) =>
        `Hola, ${name}:\n\nSe pidió restablecer la contraseña de su cuenta. Si fue usted, elija una nueva aquí:\n${link}\n\nEl enlace funciona una sola vez y vence en 30 minutos. Si no fue usted, ignore este correo.`,
    },
    vi: {
      subject: "Đặt lại mật khẩu",
      body: (link, name) =>
        `Xin chào ${name},\n\nCó người yêu cầu đặt lại mật khẩu tài khoản của bạn. Nếu là bạn, hãy chọn mật khẩu mới tại đây:\n${link}\n\nLiên kết chỉ dùng được một lần và hết hạn sau 30 phút. Nếu không phải bạn, hãy bỏ qua email này.`,
    },
  },
  accountExists: {
    en: {
      subject: "You already have an account",
      body: (link, name) =>
        `Hello ${name},\n\nSomeone tried to create an account with this email address, which already has one. If it was you, sign in or reset your password here:\n${link}`,
    },
    es: {
      subject: "Ya tiene una cuenta",
      body: (link, name) =>
        `Hola, ${name}:\n\nAlguien intentó crear una cuenta con este correo, que ya tiene una. Si fue usted, inicie sesión o restablezca su contraseña aquí:\n${link}`,
    },
    vi: {
      subject: "Bạn đã có tài khoản",
      body: (link, name) =>
        `Xin chào ${name},\n\nCó người đã thử tạo tài khoản bằng email này, nhưng email này đã có tài khoản. Nếu là bạn, hãy đăng nhập hoặc đặt lại mật khẩu tại đây:\n${link}`,
    },
  },
};

export function composeEmail(kind: keyof typeof templates, locale: string, link: string, name: string) {
  const lang: Lang = locale.startsWith("es") ? "es" : locale.startsWith("vi") ? "vi" : "en";
  const template = templates[kind][lang];
  return { subject: template.subject, body: template.body(link, name) };
}
