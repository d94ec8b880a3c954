import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_EMAIL, build } from '../helper.js';

/** Without SMTP_URL each mail lands as JSON in DATA_DIR/outbox (the mailer loads nodemailer on the first mail). */
function outbox(dataDir: string): Array<{ to: unknown; subject: string; text: string }> {
  const dir = path.join(dataDir, 'outbox');
  return readdirSync(dir).sort().map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
}

t.test('a forgotten password is reset with the code mailed to the local outbox', async (t) => {
  const { app, request } = await build(t);
  const email = encodeURIComponent(ADMIN_EMAIL);

  const asked = await request('POST', `/api/forgetpassword/${email}`);
  t.equal(asked.status, 200);
  const [mail] = outbox(app.config.dataDir);
  t.match(JSON.stringify(mail.to), ADMIN_EMAIL, 'the mail goes to the user');
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  t.ok(code, 'the mail holds a 6-digit code');

  const wrong = await request('POST', `/api/resetpasswords/${email}/${code === '000000' ? '111111' : '000000'}/New-pass-456`);
  t.equal(wrong.status, 400);
  t.equal(wrong.body.error, 'ERR_INVALID_RESET_CODE');

  const reset = await request('POST', `/api/resetpasswords/${email}/${code}/New-pass-456`);
  t.equal(reset.status, 200);
  const login = await request('POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: 'New-pass-456' } });
  t.equal(login.status, 200, 'the new password signs in');
  t.ok(login.body.token);
});
