import http from "node:http";
async function startFakeOpenAi(t) {
  const requests = [];
  const script = [];
  const fake = { requests, script, fallback: { text: "Ol\xE1! Como posso ajudar?" }, url: "" };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw);
      requests.push({ authorization: req.headers.authorization, body });
      const reply = script.shift() ?? fake.fallback;
      res.setHeader("content-type", "application/json");
      if ("status" in reply) {
        res.writeHead(reply.status).end(JSON.stringify({ error: { message: "scripted failure", type: "invalid_request_error", code: reply.code } }));
        return;
      }
      const answer = () => setTimeout(() => res.end(JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1e3),
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content: reply.text, refusal: null }, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 }
      })), reply.delayMs ?? 0);
      if (reply.hold) void reply.hold.then(answer);
      else answer();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${server.address().port}/v1`;
  const previous = process.env.OPENAI_BASE_URL;
  process.env.OPENAI_BASE_URL = fake.url;
  t.teardown(async () => {
    process.env.OPENAI_BASE_URL = previous;
    await new Promise((resolve) => server.close(resolve));
  });
  return fake;
}
export {
  startFakeOpenAi
};
