import t from "tap";
import { createOutboundHttp } from "../../src/outbound-http/index.js";
import { createBotClients } from "../../src/bots/index.js";
import { fakeServer } from "../outbound-http/fakes.js";
const bodyOf = (req) => new Promise((resolve) => {
  let raw = "";
  req.on("data", (c) => {
    raw += c;
  });
  req.on("end", () => resolve(raw ? JSON.parse(raw) : void 0));
});
t.test("sdk.bots.typebot: startChat and continueChat through sdk.http; a session Typebot forgot is null; texts and end", async (t2) => {
  const bodies = [];
  const fake = await fakeServer(t2, async (req, res) => {
    bodies.push(await bodyOf(req));
    res.setHeader("content-type", "application/json");
    if (req.url === "/tb/api/v1/typebots/my%20bot/startChat") {
      res.end(JSON.stringify({
        sessionId: "s-1",
        messages: [{ type: "text", content: { markdown: "*Oi*" } }, { type: "image", content: { url: "https://x/img.png" } }],
        input: { type: "choice input", items: [{ content: "Sim" }, { content: "N\xE3o" }] }
      }));
    } else if (req.url === "/tb/api/v1/sessions/s-1/continueChat") res.end(JSON.stringify({ messages: [{ type: "text", content: { markdown: "Tchau" } }] }));
    else res.writeHead(404).end("{}");
  });
  const http = createOutboundHttp({ allowPrivate: true });
  t2.teardown(() => http.close());
  const { typebot } = createBotClients(http);
  const started = await typebot.start({ baseUrl: `${fake.url}/tb/`, slug: "my bot", prefilledVariables: { ticketId: 9 } });
  t2.equal(started.sessionId, "s-1");
  t2.same(bodies[0], { textBubbleContentFormat: "markdown", prefilledVariables: { ticketId: 9 } }, "no message when none is given");
  t2.same(typebot.texts(started), ["*Oi*", "https://x/img.png", "\u25B6\uFE0F Sim\n\u25B6\uFE0F N\xE3o"]);
  t2.equal(typebot.ended(started), false, "a bot waiting for input has not ended");
  const next = await typebot.continue({ baseUrl: `${fake.url}/tb`, sessionId: "s-1", message: "Sim" });
  t2.same(bodies[1], { message: "Sim", textBubbleContentFormat: "markdown" });
  t2.same(typebot.texts(next), ["Tchau"]);
  t2.equal(typebot.ended(next), true, "no input: the bot ended");
  t2.equal(await typebot.continue({ baseUrl: `${fake.url}/tb`, sessionId: "gone", message: "oi" }), null, "a 404 is a session Typebot no longer knows");
  const guarded = createBotClients(createOutboundHttp({ allowPrivate: false })).typebot;
  await t2.rejects(guarded.start({ baseUrl: fake.url, slug: "x" }), { code: "ERR_URL_NOT_ALLOWED" }, "a private Typebot URL is refused like any tenant URL");
});
t.test("sdk.bots.openai: chat completions at OPENAI_BASE_URL with the caller's key; failures described without the key", async (t2) => {
  let seen = {};
  let status = 200;
  const fake = await fakeServer(t2, async (req, res) => {
    seen = { auth: req.headers.authorization, body: await bodyOf(req) };
    res.setHeader("content-type", "application/json");
    if (status !== 200) {
      res.writeHead(status).end(JSON.stringify({ error: { message: "no", code: "invalid_api_key" } }));
      return;
    }
    res.end(JSON.stringify({ id: "c1", object: "chat.completion", created: 1, model: seen.body.model, choices: [{ index: 0, message: { role: "assistant", content: "Ol\xE1!" }, finish_reason: "stop" }] }));
  });
  const previous = process.env.OPENAI_BASE_URL;
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  t2.teardown(() => {
    process.env.OPENAI_BASE_URL = previous;
  });
  const { openai } = createBotClients(createOutboundHttp({ allowPrivate: false }));
  const request = { apiKey: "sk-test-1", model: "gpt-4o-mini", maxTokens: 50, temperature: 0.2, messages: [{ role: "user", content: "oi" }] };
  t2.equal(await openai.complete(request), "Ol\xE1!", "the operator's endpoint is not a tenant URL: a local one is allowed");
  t2.equal(seen.auth, "Bearer sk-test-1");
  t2.match(seen.body, { model: "gpt-4o-mini", max_tokens: 50, temperature: 0.2, messages: [{ role: "user", content: "oi" }] });
  status = 401;
  const err = await openai.complete(request).catch((e) => e);
  t2.equal(openai.describeFailure(err), "the AI service answered 401 (invalid_api_key)");
  t2.equal(openai.describeFailure(new Error("ECONNREFUSED")), "the AI service could not be reached");
});
