import { createOpenAiChat } from "./openai.js";
import { createTypebotChat } from "./typebot.js";
const createBotClients = (http) => ({ openai: createOpenAiChat(), typebot: createTypebotChat(http) });
export {
  createBotClients
};
