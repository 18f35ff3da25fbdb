import { DEFAULT_LANGUAGE, MERCHANT_LANGUAGES, type MerchantLanguage } from '@aisle/contracts/languages';

/**
 * Every e-mail the accounts domain sends, in each language an account can choose (the account's
 * stored `language`). One module, so a translator edits one file and a new language is one more
 * entry that the compiler insists is complete. The English subjects are the ones the app has
 * always sent. `validFor` is already in the mail's language (describe-duration.ts).
 */
export interface AccountMailTexts {
  /** Sign-up, and a new link on request (resend-verification). */
  verification: { subject: string; text(input: { link: string; validFor: string }): string };
  passwordReset: { subject: string; text(input: { link: string; validFor: string }): string };
  /** To the NEW address of a change-email request: the link that makes the change. */
  emailChange: { subject: string; text(input: { link: string; validFor: string }): string };
  /** To the OLD address once the change is made. */
  emailChanged: { subject: string; text(input: { newEmail: string }): string };
}

const english: AccountMailTexts = {
  verification: {
    subject: 'Confirm your e-mail address',
    text: ({ link, validFor }) =>
      `Welcome to Aisle!\n\nConfirm your e-mail address to finish signing up:\n${link}\n\nThe link is valid for ${validFor}. If you did not sign up, ignore this e-mail.`,
  },
  passwordReset: {
    subject: 'Reset your password',
    text: ({ link, validFor }) =>
      `Someone asked to reset the password of your Aisle account.\n\nChoose a new password here:\n${link}\n\nThe link works once and is valid for ${validFor}. If you did not ask for this, ignore this e-mail; your password stays the same.`,
  },
  emailChange: {
    subject: 'Confirm your new e-mail address',
    text: ({ link, validFor }) =>
      `Someone asked to change the e-mail address of an Aisle account to this address.\n\nConfirm the change here:\n${link}\n\nOnce it is confirmed, sign in with this address. The link is valid for ${validFor}. If you did not ask for this, ignore this e-mail; nothing changes.`,
  },
  emailChanged: {
    subject: 'Your e-mail address was changed',
    text: ({ newEmail }) =>
      `The e-mail address of your Aisle account was changed to ${newEmail}. From now on, sign in with the new address; this address no longer gives access to the account.\n\nIf you did not make this change, contact Aisle support right away.`,
  },
};

const japanese: AccountMailTexts = {
  verification: {
    subject: 'メールアドレスのご確認',
    text: ({ link, validFor }) =>
      `Aisle へようこそ！\n\n次のリンクからメールアドレスを確認して、登録を完了してください。\n${link}\n\nこのリンクは${validFor}有効です。お心当たりのない場合は、このメールを破棄してください。`,
  },
  passwordReset: {
    subject: 'パスワードの再設定',
    text: ({ link, validFor }) =>
      `Aisle アカウントのパスワード再設定のご依頼を受け付けました。\n\n次のリンクから新しいパスワードを設定してください。\n${link}\n\nこのリンクは1回限り、${validFor}有効です。お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。`,
  },
  emailChange: {
    subject: '新しいメールアドレスのご確認',
    text: ({ link, validFor }) =>
      `Aisle アカウントのメールアドレスを、このアドレスに変更するご依頼を受け付けました。\n\n次のリンクから変更を確定してください。\n${link}\n\n確定後は、このアドレスでログインしてください。このリンクは${validFor}有効です。お心当たりのない場合は、このメールを破棄してください。何も変更されません。`,
  },
  emailChanged: {
    subject: 'メールアドレスが変更されました',
    text: ({ newEmail }) =>
      `Aisle アカウントのメールアドレスが ${newEmail} に変更されました。今後は新しいアドレスでログインしてください。このアドレスではアカウントにログインできなくなりました。\n\nお心当たりのない場合は、すぐに Aisle サポートまでご連絡ください。`,
  },
};

const thai: AccountMailTexts = {
  verification: {
    subject: 'ยืนยันอีเมลของคุณ',
    text: ({ link, validFor }) =>
      `ยินดีต้อนรับสู่ Aisle!\n\nยืนยันอีเมลของคุณเพื่อสมัครใช้งานให้เสร็จสมบูรณ์:\n${link}\n\nลิงก์นี้มีอายุ ${validFor} หากคุณไม่ได้สมัครใช้งาน ไม่ต้องดำเนินการใดๆ กับอีเมลนี้`,
  },
  passwordReset: {
    subject: 'รีเซ็ตรหัสผ่านของคุณ',
    text: ({ link, validFor }) =>
      `มีคำขอรีเซ็ตรหัสผ่านของบัญชี Aisle ของคุณ\n\nตั้งรหัสผ่านใหม่ได้ที่นี่:\n${link}\n\nลิงก์นี้ใช้ได้ครั้งเดียวและมีอายุ ${validFor} หากคุณไม่ได้ส่งคำขอนี้ ไม่ต้องดำเนินการใดๆ รหัสผ่านของคุณจะยังคงเหมือนเดิม`,
  },
  emailChange: {
    subject: 'ยืนยันอีเมลใหม่ของคุณ',
    text: ({ link, validFor }) =>
      `มีคำขอเปลี่ยนอีเมลของบัญชี Aisle มาใช้อีเมลนี้\n\nยืนยันการเปลี่ยนแปลงได้ที่นี่:\n${link}\n\nเมื่อยืนยันแล้ว โปรดเข้าสู่ระบบด้วยอีเมลนี้ ลิงก์นี้มีอายุ ${validFor} หากคุณไม่ได้ส่งคำขอนี้ ไม่ต้องดำเนินการใดๆ บัญชีจะไม่มีการเปลี่ยนแปลง`,
  },
  emailChanged: {
    subject: 'อีเมลของบัญชีคุณถูกเปลี่ยนแล้ว',
    text: ({ newEmail }) =>
      `อีเมลของบัญชี Aisle ของคุณถูกเปลี่ยนเป็น ${newEmail} แล้ว โปรดเข้าสู่ระบบด้วยอีเมลใหม่นับจากนี้ อีเมลนี้จะใช้เข้าสู่บัญชีไม่ได้อีกต่อไป\n\nหากคุณไม่ได้เป็นผู้เปลี่ยนแปลง โปรดติดต่อฝ่ายสนับสนุนของ Aisle ทันที`,
  },
};

const texts: Record<MerchantLanguage, AccountMailTexts> = { en: english, ja: japanese, th: thai };

/** A stored or requested language as one the mails are written in (English for anything else). */
export function mailLanguage(value: string | null | undefined): MerchantLanguage {
  return (MERCHANT_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as MerchantLanguage) : DEFAULT_LANGUAGE;
}

export function accountMailTexts(language: string | null | undefined): AccountMailTexts {
  return texts[mailLanguage(language)];
}
