import path from "node:path";
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
function isHashedAsset(root, file) {
  const rel = path.relative(root, file).split(path.sep);
  return rel.length > 1 && rel[0] === "assets";
}
function builtAssetOptions(root, extraHeaders) {
  return {
    root,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, file) {
      reply.header("cache-control", isHashedAsset(root, file) ? IMMUTABLE : REVALIDATE);
      extraHeaders?.(reply);
    }
  };
}
export {
  IMMUTABLE,
  REVALIDATE,
  builtAssetOptions,
  isHashedAsset
};
