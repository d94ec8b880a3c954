import t from 'tap';
import { build } from '../helper.js';
import { Company } from '../../src/db/models/index.js';
import { multipart } from '../contacts/multipart.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

t.test('a visitor reads the branding without a session: defaults before the operator sets anything', async (t) => {
  const { request } = await build(t);
  const name = await request('GET', '/api/public-settings/appName');
  t.equal(name.status, 200);
  t.equal(name.body, null, 'no name: the console shows its own');
  t.equal((await request('GET', '/api/public-settings/allowSignup')).body, 'enabled', 'sign-up open by default');
  const all = await request('GET', '/api/public-settings');
  t.equal(all.status, 200);
  t.same(Object.keys(all.body).sort(), ['allowSignup', 'appLogoDark', 'appLogoFavicon', 'appLogoLight', 'appName', 'loginBackground', 'primaryColorDark', 'primaryColorLight']);
});

t.test('only the whitelisted keys are public: company settings and the operator\'s secrets are 404', async (t) => {
  const { request, token } = await build(t);
  t.equal((await request('PUT', '/api/settings/pixKey', { token, body: { value: 'operator-pix-key' } })).status, 200);
  for (const key of ['userRating', 'pixKey', 'asaas', 'asaasWebhookToken', 'retentionMaxMonths', 'noSuchKey']) {
    const res = await request('GET', `/api/public-settings/${key}`);
    t.equal(res.status, 404, key);
    t.equal(res.body.error, 'ERR_NO_SETTING_FOUND', key);
    t.notMatch(JSON.stringify(res.body), /operator-pix-key/);
  }
  t.notMatch(JSON.stringify((await request('GET', '/api/public-settings')).body), /operator-pix-key/);
});

t.test('the super user sets the name, colours and sign-up; visitors read them at once', async (t) => {
  const { request, token } = await build(t);
  for (const [key, value] of [['appName', 'Acme Desk'], ['primaryColorLight', '#0a7d3c'], ['primaryColorDark', '#55CC88'], ['allowSignup', 'disabled']]) {
    const res = await request('PUT', `/api/settings/${key}`, { token, body: { value } });
    t.equal(res.status, 200, key);
    t.equal((await request('GET', `/api/public-settings/${key}`)).body, value, key);
  }
  t.equal((await request('PUT', '/api/settings/appName', { token, body: { value: '' } })).status, 200);
  t.equal((await request('GET', '/api/public-settings/appName')).body, null, 'an empty name gives the console\'s own back');
});

t.test('branding values are validated: colour as #rrggbb, allowSignup enabled/disabled, a short name, images only by upload', async (t) => {
  const { request, token } = await build(t);
  for (const [key, value] of [['primaryColorLight', 'red'], ['primaryColorLight', '#12345g'], ['primaryColorDark', '#1234567'], ['allowSignup', 'yes'], ['appName', '<script>'], ['appName', 'x'.repeat(61)], ['appLogoLight', 'https://elsewhere.test/logo.png']]) {
    const res = await request('PUT', `/api/settings/${key}`, { token, body: { value } });
    t.equal(res.status, 400, `${key}=${value}`);
    t.equal(res.body.error, 'ERR_INVALID_SETTING_VALUE', key);
  }
  t.equal((await request('GET', '/api/public-settings/appLogoLight')).body, null);
});

t.test('a company admin cannot change the branding, neither text nor images', async (t) => {
  const { request, token, createTenant } = await build(t);
  await request('PUT', '/api/settings/appName', { token, body: { value: 'Operator' } });
  const { admin } = await createTenant('Reseller');
  for (const [key, value] of [['appName', 'Hijacked'], ['primaryColorLight', '#ff0000'], ['allowSignup', 'disabled']]) {
    const res = await request('PUT', `/api/settings/${key}`, { token: admin.token, body: { value } });
    t.equal(res.status, 403, key);
    t.equal(res.body.error, 'ERR_NO_PERMISSION');
  }
  const upload = multipart({}, [{ field: 'file', filename: 'logo.png', content: PNG, mimetype: 'image/png' }]);
  const res = await request('POST', '/api/settings/branding/appLogoLight', { token: admin.token, body: upload.payload, headers: upload.headers });
  t.equal(res.status, 403);
  t.equal((await request('DELETE', '/api/settings/branding/appLogoLight', { token: admin.token })).status, 403);
  t.equal((await request('GET', '/api/public-settings/appName')).body, 'Operator');
  t.equal((await request('GET', '/api/public-settings/allowSignup')).body, 'enabled');
  t.equal((await request('GET', '/api/public-settings/appLogoLight')).body, null);
});

t.test('the super user uploads a logo: served publicly, replaced by the next, removed on delete', async (t) => {
  const { request, token, app } = await build(t);
  const send = (content: Buffer, filename = 'logo.png', mimetype = 'image/png', key = 'appLogoLight') => {
    const form = multipart({}, [{ field: 'file', filename, content, mimetype }]);
    return request('POST', `/api/settings/branding/${key}`, { token, body: form.payload, headers: form.headers });
  };
  const first = await send(PNG);
  t.equal(first.status, 200);
  const url = (await request('GET', '/api/public-settings/appLogoLight')).body as string;
  t.equal(url, first.body.value);
  const path = new URL(url).pathname;
  const served = await app.inject({ method: 'GET', url: path });
  t.equal(served.statusCode, 200, 'the logo is served to visitors without a session');
  t.same(served.rawPayload, PNG);

  const second = await send(PNG, 'other.png');
  t.equal(second.status, 200);
  t.equal((await app.inject({ method: 'GET', url: path })).statusCode, 404, 'the replaced logo is gone');

  const cleared = await request('DELETE', '/api/settings/branding/appLogoLight', { token });
  t.same(cleared.body, { key: 'appLogoLight', value: null });
  t.equal((await request('GET', '/api/public-settings/appLogoLight')).body, null);
  t.equal((await app.inject({ method: 'GET', url: new URL(second.body.value).pathname })).statusCode, 404);
});

t.test('an upload of the wrong type or size is refused and leaves no image', async (t) => {
  const { request, token } = await build(t);
  const send = (content: Buffer, filename: string, mimetype: string, key = 'appLogoFavicon') => {
    const form = multipart({}, [{ field: 'file', filename, content, mimetype }]);
    return request('POST', `/api/settings/branding/${key}`, { token, body: form.payload, headers: form.headers });
  };
  const svg = await send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml');
  t.equal(svg.status, 400);
  t.equal(svg.body.error, 'ERR_INVALID_MEDIA_TYPE');
  const disguised = await send(Buffer.from('GIF89a not a png at all'), 'logo.png', 'image/png');
  t.equal(disguised.status, 400, 'a png by name whose bytes are not a png');
  t.equal(disguised.body.error, 'ERR_INVALID_MEDIA_TYPE');
  const huge = await send(Buffer.concat([PNG, Buffer.alloc(300 * 1024)]), 'favicon.png', 'image/png');
  t.equal(huge.status, 400, 'a favicon over 256 KB');
  t.equal(huge.body.error, 'ERR_FILE_TOO_LARGE');
  t.equal((await request('GET', '/api/public-settings/appLogoFavicon')).body, null);
  const unknown = await send(PNG, 'logo.png', 'image/png', 'appName');
  t.equal(unknown.status, 400, 'only image keys take uploads');
});

t.test('allowSignup off refuses the public sign-up with ERR_SIGNUP_DISABLED; on again, it works', async (t) => {
  const { request, token } = await build(t);
  const body = { name: 'New Shop', email: 'owner@shop.test', phone: '11987654321', password: 'secret1', planId: 1 };
  const before = await Company.query().resultSize();
  await request('PUT', '/api/settings/allowSignup', { token, body: { value: 'disabled' } });
  const refused = await request('POST', '/api/companies/cadastro', { body });
  t.equal(refused.status, 403);
  t.equal(refused.body.error, 'ERR_SIGNUP_DISABLED');
  t.equal(await Company.query().resultSize(), before, 'no company created');
  await request('PUT', '/api/settings/allowSignup', { token, body: { value: 'enabled' } });
  t.equal((await request('POST', '/api/companies/cadastro', { body })).status, 200);
});
