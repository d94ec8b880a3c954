import t from 'tap';
import { createPublicKey, createVerify, generateKeyPairSync } from 'node:crypto';
import { setup } from './responder-setup.js';
import type { Handler, Received } from './fake-server.js';

/**
 * Dialogflow against one local fake standing in for Google: the token exchange (GOOGLE_TOKEN_URL) and detectIntent
 * (DIALOGFLOW_API_URL), both operator env settings read at call time.
 */
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_KEY = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const SA_JSON = JSON.stringify({ type: 'service_account', project_id: 'loja-123', client_email: 'bot@loja-123.iam.gserviceaccount.com', private_key: PRIVATE_KEY });
const ACCESS_TOKEN = 'ya29.fake-access-token';

const isToken = (req: Received) => req.path === '/token';
/** Answers the token exchange, and detectIntent through `reply` (the text the customer sent → the queryResult). */
const google = (reply: (text: string) => Record<string, unknown> | null, token = true): Handler => (req) => {
  if (isToken(req)) return token ? { json: { access_token: ACCESS_TOKEN, expires_in: 3600, token_type: 'Bearer' } } : { status: 401, json: { error: 'invalid_grant' } };
  if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return { status: 401 };
  const result = reply(req.body.queryInput.text.text);
  return result ? { json: { responseId: 'r1', queryResult: result } } : { json: { responseId: 'r1', queryResult: {} } };
};
const dialogflow = (url: string) => {
  process.env.DIALOGFLOW_API_URL = url;
  process.env.GOOGLE_TOKEN_URL = `${url}/token`;
  return { type: 'dialogflow', name: 'Agente Dialogflow', projectName: 'loja-123', language: 'pt-BR', jsonContent: SA_JSON };
};
t.teardown(() => { delete process.env.DIALOGFLOW_API_URL; delete process.env.GOOGLE_TOKEN_URL; });

/** The token request's form body: a JWT bearer grant signed with the service account's key. */
function assertion(req: Received) {
  const form = new URLSearchParams(req.raw);
  const [header, payload, signature] = String(form.get('assertion')).split('.');
  const valid = createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(createPublicKey(PRIVATE_KEY), signature, 'base64url');
  return { grant: form.get('grant_type'), claims: JSON.parse(Buffer.from(payload, 'base64url').toString()), valid };
}

t.test('Dialogflow answers each message with its fulfillment messages, in order, in one session per ticket', async (t) => {
  const { fake, say, ticket } = await setup(t, google((text) => ({
    queryText: text, fulfillmentMessages: [{ text: { text: [`Olá! Você disse: ${text}`] } }, { text: { text: ['Como posso ajudar?'] } }],
  })), dialogflow);
  t.same(await say('oi'), ['Olá! Você disse: oi', 'Como posso ajudar?']);
  t.same(await say('quero pizza'), ['Olá! Você disse: quero pizza', 'Como posso ajudar?']);

  const tokens = fake.received.filter(isToken);
  t.equal(tokens.length, 1, 'the access token is fetched once and reused');
  const jwt = assertion(tokens[0]);
  t.equal(jwt.grant, 'urn:ietf:params:oauth:grant-type:jwt-bearer');
  t.ok(jwt.valid, 'the assertion is signed with the service account key');
  t.match(jwt.claims, { iss: 'bot@loja-123.iam.gserviceaccount.com', aud: `${fake.url}/token` });

  const calls = fake.received.filter((r) => !isToken(r));
  t.equal(calls.length, 2, 'one detectIntent per message');
  const sessions = calls.map((c) => /^\/v2\/projects\/loja-123\/agent\/sessions\/([^/:]+):detectIntent$/.exec(c.path)?.[1]);
  t.ok(sessions[0], 'the project and session are in the path');
  t.equal(sessions[0], sessions[1], 'the same session for the same ticket');
  t.ok(Buffer.byteLength(decodeURIComponent(sessions[0]!)) <= 36, 'a session id within Google\'s 36 bytes');
  t.match(calls[0].body, { queryInput: { text: { text: 'oi', languageCode: 'pt-BR' } } });
  t.notOk(JSON.stringify(calls).includes('PRIVATE KEY'), 'the key itself never leaves in a call');
  t.equal((await ticket()).botOwner === '@handoff', false, 'the ticket stays with the bot');
});

t.test('the end of the Dialogflow conversation gives the ticket to people and silences the bot', async (t) => {
  const { fake, say, ticket } = await setup(t, google((text) => ({
    fulfillmentText: 'Vou transferir para um atendente.', diagnosticInfo: { end_conversation: text === 'atendente' },
  })), dialogflow);
  t.same(await say('oi'), ['Vou transferir para um atendente.'], 'fulfillmentText when there are no messages');
  t.same(await say('atendente'), ['Vou transferir para um atendente.']);
  t.equal((await ticket()).botOwner, '@handoff');
  const before = fake.received.length;
  t.same(await say('alô?'), [], 'the bot is silent afterwards');
  t.equal(fake.received.length, before, 'and Dialogflow is not called');
});

t.test('testSession says "Ola" to the agent and answers its replies; bad credentials and silence are the spec\'s errors', async (t) => {
  let reply: string[] = ['Olá, eu sou o agente de testes'];
  let tokenOk = true;
  const env = await setup(t, (req) => google(() => ({ fulfillmentMessages: reply.map((r) => ({ text: { text: [r] } })) }), tokenOk)(req), dialogflow);
  const { request, token, fake, createTenant, integrationId } = env;
  const body = { projectName: 'loja-123', jsonContent: SA_JSON, language: 'en' };
  const ok = await request('POST', '/api/queueIntegration/testSession', { token, body });
  t.equal(ok.status, 200);
  t.same(ok.body, { messages: ['Olá, eu sou o agente de testes'] });
  t.match(fake.received.at(-1)!.body, { queryInput: { text: { text: 'Ola', languageCode: 'en' } } });

  const stored = await request('GET', `/api/queueIntegration/${integrationId}`, { token });
  const masked = await request('POST', '/api/queueIntegration/testSession', { token, body: { ...body, jsonContent: stored.body.jsonContent, id: integrationId } });
  t.equal(masked.status, 200, 'a saved integration is tested with its stored service account (the mask comes back)');

  reply = [];
  const silent = await request('POST', '/api/queueIntegration/testSession', { token, body });
  t.match(silent, { status: 400, body: { error: 'ERR_TEST_REPLY_DIALOG' } });
  const broken = await request('POST', '/api/queueIntegration/testSession', { token, body: { ...body, jsonContent: '{"client_email":"x"}' } });
  t.match(broken, { status: 400, body: { error: 'ERR_TEST_SESSION_DIALOG' } });
  tokenOk = false;
  const refused = await request('POST', '/api/queueIntegration/testSession', { token, body: { ...body, jsonContent: SA_JSON.replace('loja-123.iam', 'outra.iam') } });
  t.match(refused, { status: 400, body: { error: 'ERR_TEST_SESSION_DIALOG' } }, 'Google refusing the account');

  const other = await createTenant('Outra Empresa', { useIntegrations: true });
  const foreign = await request('POST', '/api/queueIntegration/testSession', { token: other.admin.token, body: { ...body, jsonContent: stored.body.jsonContent, id: integrationId } });
  t.equal(foreign.status, 404, "another company cannot test with this company's stored service account");
});
