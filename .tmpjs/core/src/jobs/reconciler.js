function createReconciler(log) {
  const tasks = /* @__PURE__ */ new Map();
  let running;
  let again = false;
  async function runAll() {
    for (const [name, task] of tasks) {
      try {
        const enqueued = await task();
        if (enqueued > 0) log.info({ task: name, enqueued }, "reconciler: jobs rebuilt from the database");
      } catch (err) {
        log.warn({ err, task: name }, "reconciler: task failed");
      }
    }
  }
  return {
    register(name, task) {
      if (tasks.has(name)) throw new Error(`reconciler task ${name} registered twice`);
      tasks.set(name, task);
    },
    run() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await runAll();
        } while (again);
      })().finally(() => {
        running = void 0;
      });
      return running;
    }
  };
}
export {
  createReconciler
};
