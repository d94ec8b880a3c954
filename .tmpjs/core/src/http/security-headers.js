import helmet from "@fastify/helmet";
function contentSecurityPolicy(opts) {
  const https = opts.publicUrl.startsWith("https:");
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    // Contacts' profile pictures come from the messaging network's servers; data: and blob: for previews and QR codes.
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "media-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    // 'self' covers the socket's ws:/wss: to the same host.
    "connect-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": opts.frameAncestors,
    ...https ? { "upgrade-insecure-requests": [] } : {}
  };
}
function xFrameOptions(frameAncestors) {
  if (frameAncestors.length === 1 && frameAncestors[0] === "'none'") return { action: "deny" };
  if (frameAncestors.length === 1 && frameAncestors[0] === "'self'") return { action: "sameorigin" };
  return false;
}
async function installSecurityHeaders(app, opts) {
  const https = opts.publicUrl.startsWith("https:");
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts) },
    xFrameOptions: xFrameOptions(opts.frameAncestors),
    strictTransportSecurity: https ? { maxAge: 31536e3, includeSubDomains: false } : false,
    referrerPolicy: { policy: "no-referrer" },
    crossOriginResourcePolicy: { policy: opts.corsOrigins.length ? "cross-origin" : "same-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false
  });
}
export {
  contentSecurityPolicy,
  installSecurityHeaders
};
