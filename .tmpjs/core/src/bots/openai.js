let openaiModule;
const loadOpenAi = async () => openaiModule ??= await import("openai");
function createOpenAiChat() {
  return {
    // Read when asked: tests point the env at a fake after the app started.
    get timeoutMs() {
      return Number(process.env.OPENAI_TIMEOUT_MS ?? 3e4);
    },
    async complete(request) {
      const { default: OpenAI } = await loadOpenAi();
      const client = new OpenAI({
        apiKey: request.apiKey,
        baseURL: process.env.OPENAI_BASE_URL || "https://api.openai.com/v1",
        timeout: this.timeoutMs,
        maxRetries: 1
      });
      const completion = await client.chat.completions.create({
        model: request.model,
        messages: request.messages,
        max_tokens: request.maxTokens,
        temperature: request.temperature
      }, { signal: request.signal });
      return completion.choices[0]?.message?.content ?? "";
    },
    describeFailure(err) {
      if (openaiModule && err instanceof openaiModule.default.APIError) {
        const code = err.code ?? err.error?.code;
        return `the AI service answered ${err.status ?? "no status"}${code ? ` (${code})` : ""}`;
      }
      if (err instanceof Error && err.name === "APIUserAbortError") return "the AI call was cancelled";
      return "the AI service could not be reached";
    }
  };
}
export {
  createOpenAiChat
};
