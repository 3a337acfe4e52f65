import { isUndeliverable } from "../mail/feedback";
import { usePorts } from "../ports";
import { escapeHtml } from "../shared/html";
import type { UI_LOCALES } from "../shared/model";
import { publicBaseUrl } from "./config";

type Locale = (typeof UI_LOCALES)[number];
type Template = { subject: string; intro: string; action?: string; outro: string };

/** The account e-mails in the recipient's interface language. `{x}` are filled in below. */
const TEMPLATES: Record<Locale, Record<AccountMail, Template>> = {
  ru: {
    confirm: {
      subject: "Подтвердите адрес электронной почты — QR Menu",
      intro: "Здравствуйте! Вы зарегистрировали компанию «{company}» в QR Menu. Подтвердите адрес {email}, чтобы войти в панель управления.",
      action: "Подтвердить адрес",
      outro: "Ссылка действует 3 дня и работает один раз. Если вы не регистрировались, просто удалите это письмо.",
    },
    invite: {
      subject: "Вас пригласили в QR Menu",
      intro: "Здравствуйте! Вас добавили в команду «{company}» в QR Menu. Подтвердите адрес {email} и завершите регистрацию.",
      action: "Завершить регистрацию",
      outro: "Ссылка действует 7 дней и работает один раз.",
    },
    reset: {
      subject: "Восстановление пароля — QR Menu",
      intro: "Кто-то (надеемся, вы) запросил смену пароля для {email}.",
      action: "Задать новый пароль",
      outro: "Ссылка действует 1 час и работает один раз. Если вы не запрашивали смену пароля, ничего не делайте: пароль останется прежним.",
    },
    email_change: {
      subject: "Подтвердите новый адрес электронной почты — QR Menu",
      intro: "Подтвердите, что {email} — ваш новый адрес для входа в QR Menu. До подтверждения продолжает действовать прежний адрес.",
      action: "Подтвердить новый адрес",
      outro: "Ссылка действует 24 часа и работает один раз.",
    },
    signin: {
      subject: "Ссылка для входа — QR Menu",
      intro: "Кто-то (надеемся, вы) попросил ссылку для входа в QR Menu как {email} на новом устройстве.",
      action: "Войти",
      outro: "Ссылка действует 15 минут и работает один раз. Если вы её не запрашивали, ничего не делайте: без неё никто не войдёт.",
    },
    email_change_notice: {
      subject: "Смена адреса электронной почты — QR Menu",
      intro: "Для вашей учётной записи QR Menu запрошена смена адреса на {email}. Пока новый адрес не подтверждён, для входа используется этот.",
      outro: "Если это были не вы, войдите в QR Menu и смените пароль.",
    },
  },
  en: {
    confirm: {
      subject: "Confirm your e-mail address — QR Menu",
      intro: "Hello! You registered “{company}” with QR Menu. Confirm {email} to sign in to the admin panel.",
      action: "Confirm address",
      outro: "The link is valid for 3 days and works once. If you did not register, just delete this e-mail.",
    },
    invite: {
      subject: "You are invited to QR Menu",
      intro: "Hello! You have been added to the “{company}” team on QR Menu. Confirm {email} and finish your registration.",
      action: "Finish registration",
      outro: "The link is valid for 7 days and works once.",
    },
    reset: {
      subject: "Reset your password — QR Menu",
      intro: "Someone (hopefully you) asked to reset the password of {email}.",
      action: "Choose a new password",
      outro: "The link is valid for 1 hour and works once. If you did not ask for it, do nothing: your password stays the same.",
    },
    email_change: {
      subject: "Confirm your new e-mail address — QR Menu",
      intro: "Confirm that {email} is your new sign-in address for QR Menu. Until then your previous address stays in use.",
      action: "Confirm new address",
      outro: "The link is valid for 24 hours and works once.",
    },
    signin: {
      subject: "Your sign-in link — QR Menu",
      intro: "Someone (hopefully you) asked for a link to sign in to QR Menu as {email} on a new device.",
      action: "Sign in",
      outro: "The link is valid for 15 minutes and works once. If you did not ask for it, do nothing: no one can sign in without it.",
    },
    email_change_notice: {
      subject: "Your e-mail address is being changed — QR Menu",
      intro: "A change of your QR Menu sign-in address to {email} was requested. Until the new address is confirmed, this one stays in use.",
      outro: "If this was not you, sign in to QR Menu and change your password.",
    },
  },
  zh: {
    confirm: {
      subject: "确认您的电子邮件地址 — QR Menu",
      intro: "您好！您已在 QR Menu 注册了“{company}”。请确认 {email} 以登录管理面板。",
      action: "确认地址",
      outro: "链接 3 天内有效，只能使用一次。如果您没有注册，请删除此邮件。",
    },
    invite: {
      subject: "您受邀加入 QR Menu",
      intro: "您好！您已被加入 QR Menu 上“{company}”的团队。请确认 {email} 并完成注册。",
      action: "完成注册",
      outro: "链接 7 天内有效，只能使用一次。",
    },
    reset: {
      subject: "重置密码 — QR Menu",
      intro: "有人（希望是您）请求重置 {email} 的密码。",
      action: "设置新密码",
      outro: "链接 1 小时内有效，只能使用一次。如果不是您本人操作，请忽略此邮件，密码不会改变。",
    },
    email_change: {
      subject: "确认您的新电子邮件地址 — QR Menu",
      intro: "请确认 {email} 是您登录 QR Menu 的新地址。确认之前，原地址仍然有效。",
      action: "确认新地址",
      outro: "链接 24 小时内有效，只能使用一次。",
    },
    signin: {
      subject: "您的登录链接 — QR Menu",
      intro: "有人（希望是您）请求在新设备上以 {email} 登录 QR Menu 的链接。",
      action: "登录",
      outro: "链接 15 分钟内有效，只能使用一次。如果不是您本人请求，请忽略：没有它任何人都无法登录。",
    },
    email_change_notice: {
      subject: "您的电子邮件地址正在更改 — QR Menu",
      intro: "有人请求将您的 QR Menu 登录地址更改为 {email}。在新地址确认之前，仍使用此地址登录。",
      outro: "如果不是您本人操作，请登录 QR Menu 并修改密码。",
    },
  },
};

export type AccountMail = "confirm" | "invite" | "reset" | "email_change" | "email_change_notice" | "signin";

/** The SPA page each link opens. */
const LINK_PATHS: Partial<Record<AccountMail, string>> = {
  confirm: "/register/user-confirmation",
  invite: "/register/user",
  reset: "/change-password",
  email_change: "/register/user-confirmation",
  signin: "/login/link",
};

export const linkFor = (mail: AccountMail, token: string) =>
  `${publicBaseUrl()}${LINK_PATHS[mail] ?? "/"}?token=${encodeURIComponent(token)}`;

/** Sends one account e-mail through the mailer port, unless the address bounced for good or complained (mail/feedback.ts). */
export async function sendAccountMail(
  mail: AccountMail,
  to: string,
  locale: Locale,
  values: { email: string; company?: string; token?: string },
) {
  if (await isUndeliverable(to)) {
    console.warn(`Account mail "${mail}" not sent: the address is marked undeliverable`);
    return;
  }
  const t = TEMPLATES[locale][mail];
  const fill = (s: string) => s.replace("{email}", values.email).replace("{company}", values.company ?? "");
  const link = values.token ? linkFor(mail, values.token) : undefined;
  const intro = fill(t.intro);
  const outro = fill(t.outro);
  const text = [intro, "", ...(link && t.action ? [`${t.action}: ${link}`, ""] : []), outro, "", "QR Menu"].join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    link && t.action
      ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#c2410c;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(t.action)}</a></p><p style="color:#57534e;font-size:13px">${escapeHtml(link)}</p>`
      : "",
    `<p style="color:#57534e">${escapeHtml(outro)}</p>`,
    "<p>QR Menu</p>",
  ].join("\n");
  await usePorts().mailer.send({ to, subject: t.subject, text, html });
}
