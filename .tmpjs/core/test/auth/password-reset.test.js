import t from "tap";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ADMIN_EMAIL, build } from "../helper.js";
function outbox(dataDir) {
  const dir = path.join(dataDir, "outbox");
  return readdirSync(dir).sort().map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")));
}
t.test("a forgotten password is reset with the code mailed to the local outbox", async (t2) => {
  const { app, request } = await build(t2);
  const email = encodeURIComponent(ADMIN_EMAIL);
  const asked = await request("POST", `/api/forgetpassword/${email}`);
  t2.equal(asked.status, 200);
  const [mail] = outbox(app.config.dataDir);
  t2.match(JSON.stringify(mail.to), ADMIN_EMAIL, "the mail goes to the user");
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  t2.ok(code, "the mail holds a 6-digit code");
  const wrong = await request("POST", `/api/resetpasswords/${email}/${code === "000000" ? "111111" : "000000"}/New-pass-456`);
  t2.equal(wrong.status, 400);
  t2.equal(wrong.body.error, "ERR_INVALID_RESET_CODE");
  const reset = await request("POST", `/api/resetpasswords/${email}/${code}/New-pass-456`);
  t2.equal(reset.status, 200);
  const login = await request("POST", "/api/auth/login", { body: { email: ADMIN_EMAIL, password: "New-pass-456" } });
  t2.equal(login.status, 200, "the new password signs in");
  t2.ok(login.body.token);
});
