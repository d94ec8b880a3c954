const TIMEOUT_MS = 15e3;
const trim = (url) => url.replace(/\/+$/, "");
function createTypebotChat(http) {
  return {
    async start({ baseUrl, slug, message, prefilledVariables }) {
      const answer = await http.json(`${trim(baseUrl)}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`, {
        method: "POST",
        timeoutMs: TIMEOUT_MS,
        json: { message, textBubbleContentFormat: "markdown", prefilledVariables: prefilledVariables ?? {} }
      });
      if (!answer.sessionId) throw new Error("Typebot answered startChat without a sessionId");
      return answer;
    },
    async continue({ baseUrl, sessionId, message }) {
      const res = await http.request(`${trim(baseUrl)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, {
        method: "POST",
        timeoutMs: TIMEOUT_MS,
        json: { message, textBubbleContentFormat: "markdown" }
      });
      if (res.status === 404) return null;
      if (res.status < 200 || res.status >= 300) throw new Error(`Typebot answered continueChat with ${res.status}`);
      return res.json();
    },
    texts(answer) {
      const texts = [];
      for (const m of answer.messages ?? []) {
        if (m.type === "text" && m.content?.markdown?.trim()) texts.push(m.content.markdown.trim());
        else if (["image", "video", "audio", "embed"].includes(m.type) && m.content?.url) texts.push(m.content.url);
      }
      const items = answer.input?.type === "choice input" ? answer.input.items ?? [] : [];
      if (items.length) texts.push(items.map((i) => `\u25B6\uFE0F ${i.content ?? ""}`).join("\n"));
      return texts;
    },
    ended: (answer) => !answer.input
  };
}
export {
  createTypebotChat
};
