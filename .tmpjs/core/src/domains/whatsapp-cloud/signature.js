import { hmacMatches } from "../../util/signatures.js";
function signatureMatches(header, rawBody, appSecret) {
  return hmacMatches(header, rawBody, appSecret, "sha256=");
}
export {
  signatureMatches
};
