const STARTED_BEFORE_PLUGINS = ["tickets", "responderFailures", "messages", "whatsappCloud"];
function pluginServices(services) {
  const missing = STARTED_BEFORE_PLUGINS.filter((name) => !services[name]);
  if (missing.length) throw new Error(`sdk.services.${missing.join(", ")} not set when plugins register: a core domain did not start`);
  return services;
}
export {
  pluginServices
};
