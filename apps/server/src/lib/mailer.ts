import type nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Env } from '../env';
import { loadOnUse } from './load-on-use';

/** Loaded only when SMTP_HOST is set: without it mail is a log line and the package is never needed. */
const nodemailerPackage = loadOnUse<typeof nodemailer>('nodemailer');

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail exists for (verification, password reset); logged when no SMTP is set. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_HOST is set. Otherwise each mail is one log line containing
 * its link, so a new install can sign up with no mail server (DESIGN "Two deployments").
 */
export function createMailer(env: Env, logger: Logger): Mailer {
  if (!env.SMTP_HOST) {
    return {
      async send(mail) {
        logger.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `E-mail to ${mail.to}: ${mail.subject}${mail.link ? ` ${mail.link}` : ''}`,
        );
      },
    };
  }
  const transport = nodemailerPackage().createTransport({
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE,
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } : undefined,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: env.EMAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
      logger.info({ mail: { to: mail.to, subject: mail.subject } }, 'e-mail sent');
    },
  };
}
