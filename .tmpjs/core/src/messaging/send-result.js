const FALLBACK_CODE = "ERR_SENDING_WAPP_MSG";
function sendResult(message) {
  if (message.status === "failed") {
    const error = String(message.error ?? "");
    const code = /^(ERR_[A-Z0-9_]+):/.exec(error)?.[1] ?? FALLBACK_CODE;
    return { status: "failed", message, code, error };
  }
  if (message.status === "sending") return { status: "sending", message };
  return { status: "sent", message };
}
export {
  sendResult
};
