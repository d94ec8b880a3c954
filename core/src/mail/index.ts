import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance { mailer: Mailer }
}

/**
 * Mail through SMTP when SMTP_URL is set; otherwise each mail is written to `<dataDir>/outbox/`
 * as JSON and its path logged, so password reset works on a fresh install without a mail server.
 */
export const mailPlugin = fp(async (app: FastifyInstance, opts: { smtp?: { url: string; from: string }; outboxDir: string }) => {
  // nodemailer is loaded on the first mail, not at start (~10 MiB of RSS most processes never need).
  let transport: Promise<Transporter> | undefined;
  const transportOf = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => (
    opts.smtp ? nodemailer.createTransport(opts.smtp.url) : nodemailer.createTransport({ jsonTransport: true }))));
  const from = opts.smtp?.from ?? 'Atrium <no-reply@atrium.local>';
  const mailer: Mailer = {
    async send(message) {
      const info = await (await transportOf()).sendMail({ from, ...message });
      if (!opts.smtp) {
        await mkdir(opts.outboxDir, { recursive: true });
        const file = path.join(opts.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
        await writeFile(file, String((info as { message?: unknown }).message ?? JSON.stringify(message)));
        app.log.info({ to: message.to, subject: message.subject, file }, 'mail written to the local outbox (no SMTP_URL set)');
      }
    },
  };
  app.decorate('mailer', mailer);
}, { name: 'mailer' });
