import { errorCodes } from "fastify";
import { Readable } from "node:stream";
import { AppError } from "../http/errors.js";
import { hmacMatches, sameSecret } from "../util/signatures.js";
function createPublicRouteHelper(deps) {
  const refuse = () => new AppError("ERR_INVALID_WEBHOOK_TOKEN", 401, "Unknown webhook or wrong signature");
  return {
    async authenticate(request, options) {
      const row = options.publicId ? await deps.db.unscoped(options.table).where({ [options.idColumn ?? "publicId"]: options.publicId }).first() : void 0;
      const sealed = row?.[options.secretColumn];
      const secret = typeof sealed === "string" && sealed ? deps.secrets.decrypt(sealed) : "";
      const ok = "signatureHeader" in options.check ? hmacMatches(request.headers[options.check.signatureHeader.toLowerCase()], request.rawBody ?? Buffer.alloc(0), secret, options.check.prefix ?? "sha256=") : sameSecret(request.headers[options.check.secretHeader.toLowerCase()], secret);
      if (!row || !ok) throw refuse();
      if (!await deps.tenancy.hasFlag(Number(row.companyId), deps.planFlag, { fresh: true })) {
        throw new AppError("ERR_PLAN_FEATURE_DISABLED", 403, "The company's plan does not include this feature");
      }
      return row;
    },
    publicUrl(path) {
      return `${deps.publicUrl}/api${deps.apiPrefix}${path.startsWith("/") ? path : `/${path}`}`;
    }
  };
}
function keepRawBodyOnPublicRoutes(scope) {
  scope.addHook("preParsing", async (request, _reply, payload) => {
    if (!request.routeOptions.config?.public) return payload;
    const limit = request.routeOptions.bodyLimit ?? scope.initialConfig.bodyLimit ?? 1024 * 1024;
    const chunks = [];
    let size = 0;
    for await (const chunk of payload) {
      size += chunk.length;
      if (size > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
      chunks.push(Buffer.from(chunk));
    }
    request.rawBody = Buffer.concat(chunks);
    return Readable.from([request.rawBody]);
  });
}
export {
  createPublicRouteHelper,
  keepRawBodyOnPublicRoutes
};
