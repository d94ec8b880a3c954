import { AppError } from "../../http/errors.js";
import { SandboxProvider } from "./sandbox.js";
function providerFactory(deps) {
  return async (kind, ctx) => {
    switch (kind) {
      case "sandbox":
        return new SandboxProvider(ctx, { ...deps.config.sandbox, storage: deps.storage });
      case "beta":
      case "baileys": {
        const { BaileysProvider } = await import("./baileys.js");
        return new BaileysProvider(ctx, { knex: deps.knex });
      }
      default: {
        const registered = deps.registry.get(kind);
        if (registered) return registered.create(ctx);
        throw new AppError("ERR_UNKNOWN_PROVIDER", 400, `Unknown provider "${kind}"`);
      }
    }
  };
}
export {
  providerFactory
};
