import http from "node:http";
const FAKE_TOKEN = "EAAG-fake-token-123456";
const FAKE_PHONE_ID = "1098765432";
const FAKE_WABA_ID = "2233445566";
const FAKE_VERSION = "v23.0";
async function fakeGraph(t) {
  const calls = [];
  let nextFailure;
  let sentCount = 0;
  let uploadCount = 0;
  const fake = {
    url: "",
    calls,
    sent: () => calls.filter((c) => c.method === "POST" && c.path === `/${FAKE_VERSION}/${FAKE_PHONE_ID}/messages`).map((c) => c.json),
    failNextSend(status, error, headers) {
      nextFailure = { status, error, headers };
    },
    templates: [
      { name: "order_update", language: "pt_BR", status: "APPROVED", category: "UTILITY", components: [{ type: "BODY", text: "Ol\xE1 {{1}}, seu pedido {{2}} saiu." }] },
      { name: "promo_draft", language: "en_US", status: "PENDING", category: "MARKETING", components: [{ type: "BODY", text: "Hi!" }] }
    ],
    media: /* @__PURE__ */ new Map()
  };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? "/", "http://fake");
      const call = { method: req.method ?? "GET", path: url.pathname, authorization: req.headers.authorization, contentType: req.headers["content-type"], body };
      if (String(req.headers["content-type"] ?? "").startsWith("application/json")) call.json = JSON.parse(body.toString() || "{}");
      calls.push(call);
      const answer = (status, value, headers = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${FAKE_TOKEN}`) return answer(401, { error: { code: 190, message: "Invalid OAuth access token" } });
      const path = url.pathname;
      if (req.method === "GET" && path === `/${FAKE_VERSION}/${FAKE_PHONE_ID}`) return answer(200, { display_phone_number: "+55 11 4000-1234", verified_name: "Atrium Test", id: FAKE_PHONE_ID });
      if (req.method === "POST" && path === `/${FAKE_VERSION}/${FAKE_PHONE_ID}/messages`) {
        if (nextFailure) {
          const f = nextFailure;
          nextFailure = void 0;
          return answer(f.status, { error: f.error }, f.headers);
        }
        sentCount += 1;
        return answer(200, { messaging_product: "whatsapp", contacts: [{ input: call.json?.to, wa_id: call.json?.to }], messages: [{ id: `wamid.OUT${sentCount}` }] });
      }
      if (req.method === "POST" && path === `/${FAKE_VERSION}/${FAKE_PHONE_ID}/media`) {
        uploadCount += 1;
        return answer(200, { id: `up-${uploadCount}` });
      }
      if (req.method === "GET" && path === `/${FAKE_VERSION}/${FAKE_WABA_ID}/message_templates`) return answer(200, { data: fake.templates, paging: { cursors: { after: "x" } } });
      const download = /^\/download\/(.+)$/.exec(path);
      if (req.method === "GET" && download && fake.media.has(download[1])) {
        const media = fake.media.get(download[1]);
        res.writeHead(200, { "content-type": media.mimetype });
        return res.end(media.data);
      }
      const mediaInfo = new RegExp(`^/${FAKE_VERSION}/([A-Za-z0-9_-]+)$`).exec(path);
      if (req.method === "GET" && mediaInfo && fake.media.has(mediaInfo[1])) {
        const media = fake.media.get(mediaInfo[1]);
        return answer(200, { url: `${fake.url}/download/${mediaInfo[1]}`, mime_type: media.mimetype, file_size: media.data.length, id: mediaInfo[1] });
      }
      return answer(404, { error: { code: 100, message: `Unknown path ${path}` } });
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${server.address().port}`;
  t.teardown(() => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  return fake;
}
export {
  FAKE_PHONE_ID,
  FAKE_TOKEN,
  FAKE_VERSION,
  FAKE_WABA_ID,
  fakeGraph
};
