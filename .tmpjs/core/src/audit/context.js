import { AsyncLocalStorage } from "node:async_hooks";
const storage = new AsyncLocalStorage();
const currentActor = () => storage.getStore();
const runAs = (actor, fn) => storage.run(actor, fn);
export {
  currentActor,
  runAs
};
