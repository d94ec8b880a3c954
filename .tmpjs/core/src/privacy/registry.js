class PrivacyRegistry {
  list = [];
  /** The registry as one plugin sees it: its handler is filed under its id, once. */
  forPlugin(pluginId) {
    return {
      register: (handler) => {
        if (typeof handler?.erase !== "function") throw new Error(`plugin "${pluginId}": sdk.privacy.register needs an erase() function`);
        if (this.list.some((h) => h.pluginId === pluginId)) throw new Error(`plugin "${pluginId}" registered sdk.privacy twice`);
        this.list.push({ ...handler, pluginId });
      }
    };
  }
  handlers() {
    return this.list;
  }
}
export {
  PrivacyRegistry
};
