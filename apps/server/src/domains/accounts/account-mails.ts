import type { Env } from '../../env';
import type { Mail } from '../../lib/mailer';
import { accountMailTexts, mailLanguage } from './account-mail-texts';
import { describeDuration } from './describe-duration';

/*
 * The accounts domain's e-mails, composed in the account's language: the link, the subject and the
 * text. Links point at the web app's pages, which call the API with what the link carries.
 */

/** The verify page's link for a confirmation key (sign-up, resend-verification, change-email). */
export const verifyEmailLink = (env: Env, key: string) => `${env.PUBLIC_URL}/users/verify-email?key=${encodeURIComponent(key)}`;

export function verificationMail(env: Env, to: string, language: string, key: string): Mail {
  const link = verifyEmailLink(env, key);
  const lang = mailLanguage(language);
  const { subject, text } = accountMailTexts(lang).verification;
  return { to, subject, text: text({ link, validFor: describeDuration(env.EMAIL_CONFIRMATION_LIFETIME, lang) }), link };
}

export function passwordResetMail(env: Env, to: string, language: string, link: string): Mail {
  const lang = mailLanguage(language);
  const { subject, text } = accountMailTexts(lang).passwordReset;
  return { to, subject, text: text({ link, validFor: describeDuration(env.PASSWORD_RESET_LIFETIME, lang) }), link };
}

/** To the new address: following its link moves the account there. */
export function emailChangeMail(env: Env, newEmail: string, language: string, key: string): Mail {
  const link = verifyEmailLink(env, key);
  const lang = mailLanguage(language);
  const { subject, text } = accountMailTexts(lang).emailChange;
  return { to: newEmail, subject, text: text({ link, validFor: describeDuration(env.EMAIL_CONFIRMATION_LIFETIME, lang) }), link };
}

/** To the address the account left: the change is made, and how to react if it was not theirs. */
export function emailChangedMail(oldEmail: string, language: string, newEmail: string): Mail {
  const { subject, text } = accountMailTexts(language).emailChanged;
  return { to: oldEmail, subject, text: text({ newEmail }) };
}
