import { AppError } from "../../http/errors.js";
const WHATSAPP_WEB = {
  addressing: "phone",
  text: true,
  media: { image: { maxBytes: 16 << 20 }, audio: { maxBytes: 16 << 20 }, video: { maxBytes: 16 << 20 }, document: { maxBytes: 100 << 20 }, sticker: { maxBytes: 1 << 20 } },
  reply: true,
  reactions: true,
  edit: { windowMinutes: 15 },
  delete: true,
  templates: false,
  serviceWindow: null,
  typing: true,
  readReceipts: true,
  startConversation: true,
  groups: true
};
const BUILT_IN_CAPABILITIES = {
  sandbox: WHATSAPP_WEB,
  beta: WHATSAPP_WEB,
  baileys: WHATSAPP_WEB
};
const BUILT_IN_KINDS = ["sandbox", "beta", "baileys"];
const PROVIDER_KIND_PATTERN = "^[a-z][a-z0-9_-]{1,31}$";
const KIND = new RegExp(PROVIDER_KIND_PATTERN);
class ProviderRegistry {
  byKind = /* @__PURE__ */ new Map();
  ops = /* @__PURE__ */ new Map();
  register(kind, registration) {
    if (!KIND.test(kind)) throw new Error(`provider kind "${kind}" must match ${KIND}`);
    if (BUILT_IN_KINDS.includes(kind) || this.byKind.has(kind)) {
      throw new Error(`provider kind "${kind}" is already registered`);
    }
    this.byKind.set(kind, registration);
  }
  get(kind) {
    return this.byKind.get(kind);
  }
  /** The channel's capabilities; undefined for an unknown kind (a plugin that is no longer installed). */
  capabilities(kind) {
    return BUILT_IN_CAPABILITIES[kind] ?? this.byKind.get(kind)?.capabilities;
  }
  /** Every value a connection's `provider` may take. */
  kinds() {
    return [...BUILT_IN_KINDS, ...this.byKind.keys()];
  }
  assertKnown(kind) {
    if (!this.kinds().includes(kind)) {
      throw new AppError("ERR_UNKNOWN_PROVIDER", 400, `Unknown provider "${kind}"`, { field: "body/provider" });
    }
  }
  /** A provider operation, named `<kind>.<op>`, the session manager runs where the session is driven. */
  defineOperation(name, run) {
    this.ops.set(name, run);
  }
  operation(name) {
    return this.ops.get(name);
  }
  /** The registered provider's pre-send rule for this connection kind, if it has one. */
  async beforeSend(kind, check) {
    await this.byKind.get(kind)?.beforeSend?.(check);
  }
}
function createProvidersApi(registry, sessions) {
  return {
    register(kind, { operations, ...registration }) {
      registry.register(kind, registration);
      for (const [op, run] of Object.entries(operations ?? {})) registry.defineOperation(`${kind}.${op}`, run);
    },
    run(whatsappId, op, args) {
      if (!registry.operation(op)) throw new Error(`no provider operation "${op}" was registered (name it "<kind>.<op>")`);
      return sessions().onHolder(whatsappId, op, args);
    }
  };
}
export {
  BUILT_IN_CAPABILITIES,
  BUILT_IN_KINDS,
  PROVIDER_KIND_PATTERN,
  ProviderRegistry,
  createProvidersApi
};
