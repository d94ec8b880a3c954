import { CloudProvider } from "./provider.js";
import { assertWindowOpen } from "./window.js";
const CLOUD_KIND = "cloud";
const CLOUD_RECEIVE = "cloud.receive";
function registerCloudProvider(providers, deps) {
  providers.register(CLOUD_KIND, {
    create: (ctx) => new CloudProvider(ctx, deps),
    capabilities: {
      addressing: "phone",
      text: true,
      media: { image: { maxBytes: 5 << 20 }, audio: { maxBytes: 16 << 20 }, video: { maxBytes: 16 << 20 }, document: { maxBytes: 100 << 20 }, sticker: { maxBytes: 100 << 10 } },
      reply: true,
      reactions: true,
      edit: false,
      delete: false,
      templates: true,
      serviceWindow: { hours: 24, rule: "templates" },
      typing: false,
      readReceipts: true,
      startConversation: true,
      groups: false
    },
    async beforeSend({ companyId, whatsappId, contactId }) {
      await assertWindowOpen(companyId, whatsappId, contactId, deps.clock);
    },
    operations: {
      receive: async (provider, [values]) => {
        if (!(provider instanceof CloudProvider)) throw new Error("not a cloud connection");
        await provider.receive(values);
        return true;
      }
    }
  });
}
export {
  CLOUD_KIND,
  CLOUD_RECEIVE,
  registerCloudProvider
};
