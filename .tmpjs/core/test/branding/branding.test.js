import t from "tap";
import { build } from "../helper.js";
import { Company } from "../../src/db/models/index.js";
import { multipart } from "../contacts/multipart.js";
const PNG = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), Buffer.alloc(64, 1)]);
t.test("a visitor reads the branding without a session: defaults before the operator sets anything", async (t2) => {
  const { request } = await build(t2);
  const name = await request("GET", "/api/public-settings/appName");
  t2.equal(name.status, 200);
  t2.equal(name.body, null, "no name: the console shows its own");
  t2.equal((await request("GET", "/api/public-settings/allowSignup")).body, "enabled", "sign-up open by default");
  const all = await request("GET", "/api/public-settings");
  t2.equal(all.status, 200);
  t2.same(Object.keys(all.body).sort(), ["allowSignup", "appLogoDark", "appLogoFavicon", "appLogoLight", "appName", "loginBackground", "primaryColorDark", "primaryColorLight"]);
});
t.test("only the whitelisted keys are public: company settings and the operator's secrets are 404", async (t2) => {
  const { request, token } = await build(t2);
  t2.equal((await request("PUT", "/api/settings/pixKey", { token, body: { value: "operator-pix-key" } })).status, 200);
  for (const key of ["userRating", "pixKey", "asaas", "asaasWebhookToken", "retentionMaxMonths", "noSuchKey"]) {
    const res = await request("GET", `/api/public-settings/${key}`);
    t2.equal(res.status, 404, key);
    t2.equal(res.body.error, "ERR_NO_SETTING_FOUND", key);
    t2.notMatch(JSON.stringify(res.body), /operator-pix-key/);
  }
  t2.notMatch(JSON.stringify((await request("GET", "/api/public-settings")).body), /operator-pix-key/);
});
t.test("the super user sets the name, colours and sign-up; visitors read them at once", async (t2) => {
  const { request, token } = await build(t2);
  for (const [key, value] of [["appName", "Acme Desk"], ["primaryColorLight", "#0a7d3c"], ["primaryColorDark", "#55CC88"], ["allowSignup", "disabled"]]) {
    const res = await request("PUT", `/api/settings/${key}`, { token, body: { value } });
    t2.equal(res.status, 200, key);
    t2.equal((await request("GET", `/api/public-settings/${key}`)).body, value, key);
  }
  t2.equal((await request("PUT", "/api/settings/appName", { token, body: { value: "" } })).status, 200);
  t2.equal((await request("GET", "/api/public-settings/appName")).body, null, "an empty name gives the console's own back");
});
t.test("branding values are validated: colour as #rrggbb, allowSignup enabled/disabled, a short name, images only by upload", async (t2) => {
  const { request, token } = await build(t2);
  for (const [key, value] of [["primaryColorLight", "red"], ["primaryColorLight", "#12345g"], ["primaryColorDark", "#1234567"], ["allowSignup", "yes"], ["appName", "<script>"], ["appName", "x".repeat(61)], ["appLogoLight", "https://elsewhere.test/logo.png"]]) {
    const res = await request("PUT", `/api/settings/${key}`, { token, body: { value } });
    t2.equal(res.status, 400, `${key}=${value}`);
    t2.equal(res.body.error, "ERR_INVALID_SETTING_VALUE", key);
  }
  t2.equal((await request("GET", "/api/public-settings/appLogoLight")).body, null);
});
t.test("a company admin cannot change the branding, neither text nor images", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  await request("PUT", "/api/settings/appName", { token, body: { value: "Operator" } });
  const { admin } = await createTenant("Reseller");
  for (const [key, value] of [["appName", "Hijacked"], ["primaryColorLight", "#ff0000"], ["allowSignup", "disabled"]]) {
    const res2 = await request("PUT", `/api/settings/${key}`, { token: admin.token, body: { value } });
    t2.equal(res2.status, 403, key);
    t2.equal(res2.body.error, "ERR_NO_PERMISSION");
  }
  const upload = multipart({}, [{ field: "file", filename: "logo.png", content: PNG, mimetype: "image/png" }]);
  const res = await request("POST", "/api/settings/branding/appLogoLight", { token: admin.token, body: upload.payload, headers: upload.headers });
  t2.equal(res.status, 403);
  t2.equal((await request("DELETE", "/api/settings/branding/appLogoLight", { token: admin.token })).status, 403);
  t2.equal((await request("GET", "/api/public-settings/appName")).body, "Operator");
  t2.equal((await request("GET", "/api/public-settings/allowSignup")).body, "enabled");
  t2.equal((await request("GET", "/api/public-settings/appLogoLight")).body, null);
});
t.test("the super user uploads a logo: served publicly, replaced by the next, removed on delete", async (t2) => {
  const { request, token, app } = await build(t2);
  const send = (content, filename = "logo.png", mimetype = "image/png", key = "appLogoLight") => {
    const form = multipart({}, [{ field: "file", filename, content, mimetype }]);
    return request("POST", `/api/settings/branding/${key}`, { token, body: form.payload, headers: form.headers });
  };
  const first = await send(PNG);
  t2.equal(first.status, 200);
  const url = (await request("GET", "/api/public-settings/appLogoLight")).body;
  t2.equal(url, first.body.value);
  const path = new URL(url).pathname;
  const served = await app.inject({ method: "GET", url: path });
  t2.equal(served.statusCode, 200, "the logo is served to visitors without a session");
  t2.same(served.rawPayload, PNG);
  const second = await send(PNG, "other.png");
  t2.equal(second.status, 200);
  t2.equal((await app.inject({ method: "GET", url: path })).statusCode, 404, "the replaced logo is gone");
  const cleared = await request("DELETE", "/api/settings/branding/appLogoLight", { token });
  t2.same(cleared.body, { key: "appLogoLight", value: null });
  t2.equal((await request("GET", "/api/public-settings/appLogoLight")).body, null);
  t2.equal((await app.inject({ method: "GET", url: new URL(second.body.value).pathname })).statusCode, 404);
});
t.test("an upload of the wrong type or size is refused and leaves no image", async (t2) => {
  const { request, token } = await build(t2);
  const send = (content, filename, mimetype, key = "appLogoFavicon") => {
    const form = multipart({}, [{ field: "file", filename, content, mimetype }]);
    return request("POST", `/api/settings/branding/${key}`, { token, body: form.payload, headers: form.headers });
  };
  const svg = await send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "logo.svg", "image/svg+xml");
  t2.equal(svg.status, 400);
  t2.equal(svg.body.error, "ERR_INVALID_MEDIA_TYPE");
  const disguised = await send(Buffer.from("GIF89a not a png at all"), "logo.png", "image/png");
  t2.equal(disguised.status, 400, "a png by name whose bytes are not a png");
  t2.equal(disguised.body.error, "ERR_INVALID_MEDIA_TYPE");
  const huge = await send(Buffer.concat([PNG, Buffer.alloc(300 * 1024)]), "favicon.png", "image/png");
  t2.equal(huge.status, 400, "a favicon over 256 KB");
  t2.equal(huge.body.error, "ERR_FILE_TOO_LARGE");
  t2.equal((await request("GET", "/api/public-settings/appLogoFavicon")).body, null);
  const unknown = await send(PNG, "logo.png", "image/png", "appName");
  t2.equal(unknown.status, 400, "only image keys take uploads");
});
t.test("allowSignup off refuses the public sign-up with ERR_SIGNUP_DISABLED; on again, it works", async (t2) => {
  const { request, token } = await build(t2);
  const body = { name: "New Shop", email: "owner@shop.test", phone: "11987654321", password: "secret1", planId: 1 };
  const before = await Company.query().resultSize();
  await request("PUT", "/api/settings/allowSignup", { token, body: { value: "disabled" } });
  const refused = await request("POST", "/api/companies/cadastro", { body });
  t2.equal(refused.status, 403);
  t2.equal(refused.body.error, "ERR_SIGNUP_DISABLED");
  t2.equal(await Company.query().resultSize(), before, "no company created");
  await request("PUT", "/api/settings/allowSignup", { token, body: { value: "enabled" } });
  t2.equal((await request("POST", "/api/companies/cadastro", { body })).status, 200);
});
