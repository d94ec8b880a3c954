class HookRegistry {
  handlers = /* @__PURE__ */ new Map();
  on(name, owner, fn) {
    const list = this.handlers.get(name) ?? [];
    list.push({ owner, fn });
    this.handlers.set(name, list);
  }
  /**
   * Runs every handler; one that throws is logged and skipped, so a broken plugin never blocks
   * the core's pipeline. Resolves to true when a handler said it handled the event.
   */
  async run(name, event, log) {
    let handled = false;
    for (const { owner, fn } of this.handlers.get(name) ?? []) {
      try {
        const result = await fn(event);
        if (result && result.handled) handled = true;
      } catch (err) {
        log?.error({ err, hook: name, owner }, "hook handler failed");
      }
    }
    return handled;
  }
}
export {
  HookRegistry
};
