import fp from "fastify-plugin";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
const mailPlugin = fp(async (app, opts) => {
  let transport;
  const transportOf = () => transport ??= import("nodemailer").then(({ default: nodemailer }) => opts.smtp ? nodemailer.createTransport(opts.smtp.url) : nodemailer.createTransport({ jsonTransport: true }));
  const from = opts.smtp?.from ?? "Atrium <no-reply@atrium.local>";
  const mailer = {
    async send(message) {
      const info = await (await transportOf()).sendMail({ from, ...message });
      if (!opts.smtp) {
        await mkdir(opts.outboxDir, { recursive: true });
        const file = path.join(opts.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
        await writeFile(file, String(info.message ?? JSON.stringify(message)));
        app.log.info({ to: message.to, subject: message.subject, file }, "mail written to the local outbox (no SMTP_URL set)");
      }
    }
  };
  app.decorate("mailer", mailer);
}, { name: "mailer" });
export {
  mailPlugin
};
